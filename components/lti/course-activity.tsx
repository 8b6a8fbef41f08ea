"use client";

import { CalendarClock, Play } from "lucide-react";
import Link from "next/link";

import { ScoreText } from "@/components/dashboard/score-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useStartRoleplay } from "@/lib/client/start-roleplay";
import { useHydrated } from "@/lib/client/use-hydrated";
import type { CourseActivity } from "@/lib/lti/activity";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** One course activity: what to practise, by when, to what mark, and how it is going. */
export function CourseActivityCard({ activity }: { activity: CourseActivity }) {
  const { start, starting } = useStartRoleplay();
  // Opened in a new tab from the course: the button works only once the page has hydrated.
  const hydrated = useHydrated();
  const { roleplay, assignment } = activity;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 pt-8 pb-16 sm:px-6">
      <Card>
        <CardHeader>
          <CardDescription>
            {activity.course ? `${activity.course} · ` : ""}
            {activity.organization}
          </CardDescription>
          <CardTitle>
            <h1 className="text-2xl">{roleplay?.name ?? "This activity's roleplay was removed"}</h1>
          </CardTitle>
          {roleplay?.description ? <p className="text-muted-foreground">{roleplay.description}</p> : null}
        </CardHeader>
        <CardContent className="grid gap-5">
          {assignment ? (
            <>
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarClock className="size-4" aria-hidden />
                Due{" "}
                <time dateTime={assignment.dueAt} suppressHydrationWarning>
                  {when(assignment.dueAt)}
                </time>
              </p>
              <dl className="grid grid-cols-3 gap-3 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">Pass mark</dt>
                  <dd className="text-lg tabular-nums">{assignment.passMark}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Attempts</dt>
                  <dd className="text-lg tabular-nums">
                    {assignment.attempts} of {assignment.minAttempts}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Best score</dt>
                  <dd className="text-lg">
                    <ScoreText score={assignment.bestScore} empty="None yet" />
                  </dd>
                </div>
              </dl>
              <p className="text-sm text-muted-foreground">
                Your score goes to your course&apos;s gradebook when the call is graded, and again if your instructor
                reviews it.
              </p>
            </>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {roleplay ? (
              <Button size="lg" disabled={!hydrated || starting !== null} onClick={() => void start(roleplay.id)}>
                <Play aria-hidden /> {starting ? "Starting..." : "Start practice"}
              </Button>
            ) : (
              <p role="alert" className="text-sm text-destructive">
                Ask your instructor to pick another roleplay for this activity.
              </p>
            )}
            <Button asChild variant="outline" size="lg">
              <Link href="/dashboard">Go to your dashboard</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
