"use client";

import { CalendarClock, Play } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useStartRoleplay } from "@/lib/client/start-roleplay";
import type { Dashboard } from "@/lib/dashboard/service";
import { type AssignmentStatus, COUNT_LABEL, STATUS_LABEL } from "@/lib/organizations/assignment-status";

import { ScoreText } from "./score-text";

const STATUS_VARIANT: Record<AssignmentStatus, "success" | "destructive" | "secondary" | "outline"> = {
  passed: "success",
  out_of_attempts: "destructive",
  overdue: "destructive",
  in_progress: "secondary",
  not_started: "outline",
};

const due = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** The learner's assignments, soonest due first, each with a Start button. */
export function AssignedToYou({ assignments }: { assignments: Dashboard["assignments"] }) {
  const { start, starting } = useStartRoleplay();
  if (assignments.length === 0) return null;
  return (
    <Card aria-labelledby="assigned-to-you">
      <CardHeader>
        <CardTitle>
          <h2 id="assigned-to-you">Assigned to you</h2>
        </CardTitle>
        <CardDescription>Practise each one until you reach its pass mark, by its due date.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 md:grid-cols-2">
          {assignments.map((a) => (
            <li key={a.id} className="grid gap-2 rounded-md border bg-background p-3" data-testid="assignment">
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium">{a.schema_name}</p>
                <Badge variant={STATUS_VARIANT[a.status]}>{STATUS_LABEL[a.status]}</Badge>
              </div>
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarClock className="size-4" aria-hidden />
                Due{" "}
                <time dateTime={a.due_at} suppressHydrationWarning>
                  {due(a.due_at)}
                </time>
              </p>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs text-muted-foreground">Attempts</dt>
                  <dd className="tabular-nums">
                    {a.attempts} of {a.min_attempts} required
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Attempts left</dt>
                  <dd className="tabular-nums" data-testid="attempts-left">
                    {a.attempts_left === null ? "No limit" : `${a.attempts_left} of ${a.max_attempts}`}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">
                    {a.counts === "latest" ? "Latest score" : "Best score"}
                  </dt>
                  <dd>
                    <ScoreText score={a.score} empty="None yet" />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Pass mark</dt>
                  <dd className="tabular-nums">{a.pass_mark}</dd>
                </div>
                {a.tiers ? (
                  <div className="col-span-2">
                    <dt className="text-xs text-muted-foreground">Tier reached</dt>
                    <dd data-testid="tier">
                      {a.tier ? (
                        <span className="font-medium">
                          {a.tier.name}{" "}
                          <span className="text-muted-foreground tabular-nums">({a.tier.threshold}+)</span>
                        </span>
                      ) : (
                        "None yet"
                      )}
                      {a.next_tier ? (
                        <span className="block text-xs text-muted-foreground">
                          Next: {a.next_tier.name} at {a.next_tier.threshold}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <p className="text-xs text-muted-foreground">
                {COUNT_LABEL[a.counts]}
                {a.max_attempts === null ? "." : `; only your first ${a.max_attempts} attempts count.`}
              </p>
              {a.attempts_left === 0 ? (
                <p className="text-sm" role="note" data-testid="no-attempts-left">
                  No attempts left: you can still practise, but new attempts will not count toward this assignment.
                </p>
              ) : null}
              <Button
                size="sm"
                className="justify-self-start"
                disabled={starting !== null}
                onClick={() => void start(a.schema_id)}
                aria-label={
                  a.attempts_left === 0 ? `Practise ${a.schema_name} (will not count)` : `Start ${a.schema_name}`
                }
              >
                <Play aria-hidden />{" "}
                {starting === a.schema_id ? "Starting..." : a.attempts_left === 0 ? "Practise (won't count)" : "Start"}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
