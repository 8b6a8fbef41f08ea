"use client";

import { Download, Pencil, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";

import { ScoreText } from "@/components/dashboard/score-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type AssignmentStatus, COUNT_LABEL, STATUS_LABEL, tiersText } from "@/lib/organizations/assignment-status";
import type { Assignment } from "@/lib/organizations/assignments";

import { AssignmentForm } from "./assignment-form";
import { DeleteAssignmentButton } from "./delete-assignment-button";

const STATUS_VARIANT: Record<AssignmentStatus, "success" | "destructive" | "secondary" | "outline"> = {
  passed: "success",
  out_of_attempts: "destructive",
  overdue: "destructive",
  in_progress: "secondary",
  not_started: "outline",
};
const due = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

type Props = {
  assignments: Assignment[];
  roleplays: { id: string; name: string }[];
  groups: { id: string; name: string }[];
  people: Map<string, { name: string; email: string }>;
};

/** Assignments with their completion per group and per student; create and delete. */
export function AssignmentsPanel({ assignments, roleplays, groups, people }: Props) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);

  return (
    <Card aria-labelledby="assignments-heading" id="assignments">
      <CardHeader>
        <CardTitle>
          <h2 id="assignments-heading">Assignments</h2>
        </CardTitle>
        <CardDescription>A roleplay to practise by a date, to a pass mark.</CardDescription>
        <CardAction>
          {!creating ? (
            <Button size="sm" onClick={() => setCreating(true)} disabled={roleplays.length === 0}>
              <Plus aria-hidden /> New assignment
            </Button>
          ) : null}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {creating ? (
          <AssignmentForm
            roleplays={roleplays}
            groups={groups}
            onCancel={() => setCreating(false)}
            onSaved={() => {
              setCreating(false);
              toast.success("Assignment created");
              router.refresh();
            }}
          />
        ) : null}
        {assignments.length === 0 && !creating ? (
          <p className="py-4 text-center text-sm text-muted-foreground">
            {roleplays.length === 0 ? "Create a roleplay first, then assign it here." : "No assignments yet."}
          </p>
        ) : null}
        <ul className="grid gap-3">
          {assignments.map((a) => (
            <li key={a.id} className="grid gap-3 rounded-lg border bg-background p-3" data-testid="assignment-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {a.schema_name}
                    {a.schema_deleted ? (
                      <span className="ml-2 text-sm font-normal text-destructive">
                        (roleplay deleted: hidden from learners)
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Due{" "}
                    <time dateTime={a.due_at} suppressHydrationWarning>
                      {due(a.due_at)}
                    </time>{" "}
                    · pass mark {a.pass_mark} · {a.min_attempts} {a.min_attempts === 1 ? "attempt" : "attempts"} ·{" "}
                    {a.group_ids.length ? a.groups.map((g) => g.name).join(", ") : "everyone"}
                  </p>
                  <p className="text-sm text-muted-foreground" data-testid="assignment-limits">
                    {a.max_attempts === null ? "No attempt limit" : `At most ${a.max_attempts} attempts count`} ·{" "}
                    {COUNT_LABEL[a.counts]}
                    {a.tiers ? ` · ${tiersText(a.tiers)}` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditingId(a.id)}
                    aria-label={`Edit assignment ${a.schema_name}`}
                  >
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button size="sm" variant="outline" asChild>
                    <a
                      href={`/api/organization/export/grades.csv?assignment_id=${a.id}`}
                      download
                      aria-label={`Export grades for ${a.schema_name}`}
                    >
                      <Download aria-hidden /> CSV
                    </a>
                  </Button>
                  <DeleteAssignmentButton id={a.id} name={a.schema_name} />
                </div>
              </div>
              {editingId === a.id ? (
                <AssignmentForm
                  roleplays={
                    roleplays.some((s) => s.id === a.schema_id)
                      ? roleplays
                      : [{ id: a.schema_id, name: a.schema_name }, ...roleplays]
                  }
                  groups={groups}
                  editing={a}
                  onCancel={() => setEditingId(null)}
                  onSaved={() => {
                    setEditingId(null);
                    toast.success("Assignment updated");
                    router.refresh();
                  }}
                />
              ) : null}
              <p className="text-sm" data-testid="assignment-completion">
                <strong className="tabular-nums">
                  {a.completion.passed} of {a.completion.assigned}
                </strong>{" "}
                passed
                {a.completion.overdue ? (
                  <span className="text-destructive"> · {a.completion.overdue} overdue</span>
                ) : null}
                {a.completion.out_of_attempts ? (
                  <span className="text-destructive"> · {a.completion.out_of_attempts} out of attempts</span>
                ) : null}
                {a.completion.in_progress ? <span> · {a.completion.in_progress} in progress</span> : null}
                {a.completion.not_started ? (
                  <span className="text-muted-foreground"> · {a.completion.not_started} not started</span>
                ) : null}
              </p>
              {a.completion.tiers.length ? (
                <p className="text-sm" data-testid="assignment-tiers">
                  {[...a.completion.tiers]
                    .reverse()
                    .map((t) => `${t.name} ${t.learners}`)
                    .join(" · ")}
                </p>
              ) : null}
              {a.groups.length ? (
                <ul className="grid gap-2 sm:grid-cols-2" aria-label="Completion per group">
                  {a.groups.map((g) => (
                    <li key={g.id} className="grid gap-1 text-sm">
                      <div className="flex justify-between">
                        <span>{g.name}</span>
                        <span className="tabular-nums">
                          {g.passed}/{g.assigned}
                        </span>
                      </div>
                      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                        <div
                          className="h-full bg-success"
                          style={{ width: `${g.assigned ? (g.passed / g.assigned) * 100 : 0}%` }}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              ) : null}
              <PerStudent assignment={a} people={people} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The per-student list renders only once opened: three assignments of a 1,300-member organisation would otherwise weigh megabytes. */
function PerStudent({ assignment: a, people }: { assignment: Assignment; people: Props["people"] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="min-h-11 cursor-pointer rounded-md py-2 font-medium sm:min-h-0 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
        Per student ({a.learners.length})
      </summary>
      {open ? (
        <ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto">
          {a.learners.map((l) => (
            <li
              key={l.user_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 odd:bg-muted/40"
            >
              <span className="min-w-0 truncate">
                {people.get(l.user_id)?.name || people.get(l.user_id)?.email || l.name || l.email}
              </span>
              <span className="flex items-center gap-3">
                <span className="text-xs text-muted-foreground tabular-nums">
                  {l.attempts}/{a.max_attempts ?? a.min_attempts} attempts
                </span>
                {l.tier ? <Badge variant="outline">{l.tier.name}</Badge> : null}
                <ScoreText score={l.score} />
                <Badge variant={STATUS_VARIANT[l.status]}>{STATUS_LABEL[l.status]}</Badge>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
