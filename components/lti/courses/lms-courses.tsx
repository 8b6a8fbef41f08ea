"use client";

import { ArrowLeft, RefreshCw, RotateCcw, Users } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formRequest } from "@/lib/client/api";
import type { Jsonified } from "@/lib/client/json";
import type { listCourses } from "@/lib/lti/courses";
import type { RosterSyncResult } from "@/lib/lti/nrps";

import { ScoreList, type ScoreSend } from "./score-list";

export type Course = Jsonified<Awaited<ReturnType<typeof listCourses>>>[number];

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function syncMessage(r: RosterSyncResult): string {
  if (r.status === "skipped") return `Not synced: ${r.reason}.`;
  const people = (n: number) => `${n} learner${n === 1 ? "" : "s"}`;
  return `Roster synced: ${people(r.added)} added, ${people(r.removed)} removed (${r.learners} learning in the LMS).`;
}

function CourseCard({ course, onSynced }: { course: Course; onSynced: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function sync() {
    setBusy(true);
    setMessage(null);
    const answer = await formRequest<RosterSyncResult>("/api/organization/lti/courses/sync-roster", "POST", {
      course_id: course.id,
    });
    setBusy(false);
    setMessage(answer.ok ? { ok: true, text: syncMessage(answer.data) } : { ok: false, text: answer.message });
    if (answer.ok) await onSynced();
  }
  return (
    <Card data-testid="lms-course">
      <CardHeader>
        <CardTitle>
          <h3>{course.title || course.context_id}</h3>
        </CardTitle>
        <CardDescription>{course.platform_name || "LMS"}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Learners in Parley</dt>
          <dd>{course.learners}</dd>
          <dt className="text-muted-foreground">Activities</dt>
          <dd>{course.links}</dd>
          <dt className="text-muted-foreground">Roster</dt>
          <dd>
            {!course.has_roster
              ? "the LMS offers no roster service for this course"
              : course.roster_synced_at
                ? `synced ${when(course.roster_synced_at)}`
                : "not synced yet"}
          </dd>
          <dt className="text-muted-foreground">Grades</dt>
          <dd>
            {!course.has_grades
              ? "the LMS offers no gradebook service for this course"
              : course.failed > 0
                ? `${course.failed} failed, ${course.pending} waiting`
                : course.pending > 0
                  ? `${course.pending} waiting to be sent`
                  : course.sent > 0
                    ? `${course.sent} sent, none waiting`
                    : "none sent yet"}
          </dd>
        </dl>
        <Button size="sm" variant="outline" onClick={sync} disabled={busy || !course.has_roster}>
          <RefreshCw aria-hidden className={busy ? "animate-spin" : undefined} />
          {busy ? "Syncing..." : "Sync roster"}
        </Button>
        <p aria-live="polite" className={message && !message.ok ? "text-destructive" : "text-muted-foreground"}>
          {message?.text}
        </p>
      </CardContent>
    </Card>
  );
}

/** Courses launched from the organisation's LMSs, their rosters, and the scores sent to their gradebooks. */
export function LmsCourses({
  initialCourses,
  initialScores,
}: {
  initialCourses: Course[];
  initialScores: ScoreSend[];
}) {
  const [courses, setCourses] = useState(initialCourses);
  const [scores, setScores] = useState(initialScores);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [retried, setRetried] = useState<string | null>(null);

  async function reload() {
    const [c, s] = await Promise.all([
      formRequest<Course[]>("/api/organization/lti/courses", "GET"),
      formRequest<ScoreSend[]>("/api/organization/lti/scores", "GET"),
    ]);
    if (c.ok) setCourses(c.data);
    if (s.ok) setScores(s.data);
    setError(!c.ok ? c.message : !s.ok ? s.message : null);
  }
  async function retry() {
    setRetrying(true);
    setRetried(null);
    const answer = await formRequest<{ requeued: number }>("/api/organization/lti/scores/retry", "POST", {});
    setRetrying(false);
    if (!answer.ok) return setError(answer.message);
    setRetried(`${answer.data.requeued} score${answer.data.requeued === 1 ? "" : "s"} back in the queue.`);
    await reload();
  }
  const failed = scores.filter((s) => s.status === "failed").length;

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <Users className="size-6 text-primary" aria-hidden />
            LMS courses and grades
          </h1>
          <p className="text-sm text-muted-foreground">
            Rosters come from the LMS; scores go back to its gradebook when a call is graded or reviewed.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link href="/organization/lti">
            <ArrowLeft aria-hidden />
            LMS connections
          </Link>
        </Button>
      </header>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <section aria-labelledby="lms-courses" className="space-y-3">
        <h2 id="lms-courses" className="text-lg font-semibold">
          Courses
        </h2>
        {courses.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            No LMS courses yet. A course appears here after its first launch from your LMS.
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {courses.map((c) => (
              <CourseCard key={c.id} course={c} onSynced={reload} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="lms-scores" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="lms-scores" className="text-lg font-semibold">
            Scores sent to gradebooks
          </h2>
          {failed > 0 && (
            <Button size="sm" onClick={retry} disabled={retrying}>
              <RotateCcw aria-hidden /> {retrying ? "Retrying..." : `Retry ${failed} failed`}
            </Button>
          )}
        </div>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {retried}
        </p>
        <ScoreList scores={scores} />
      </section>
    </main>
  );
}
