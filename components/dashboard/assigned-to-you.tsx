"use client";

import { CalendarClock, Play } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useStartRoleplay } from "@/lib/client/start-roleplay";
import type { Dashboard } from "@/lib/dashboard/service";
import { type AssignmentStatus, STATUS_LABEL } from "@/lib/organizations/assignment-status";

import { ScoreText } from "./score-text";

const STATUS_VARIANT: Record<AssignmentStatus, "success" | "destructive" | "secondary" | "outline"> = {
  passed: "success",
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
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">Attempts</dt>
                  <dd className="tabular-nums">
                    {a.attempts} of {a.min_attempts}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Best score</dt>
                  <dd>
                    <ScoreText score={a.best_score} empty="None yet" />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Pass mark</dt>
                  <dd className="tabular-nums">{a.pass_mark}</dd>
                </div>
              </dl>
              <Button
                size="sm"
                className="justify-self-start"
                disabled={starting !== null}
                onClick={() => void start(a.schema_id)}
                aria-label={`Start ${a.schema_name}`}
              >
                <Play aria-hidden /> {starting === a.schema_id ? "Starting..." : "Start"}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
