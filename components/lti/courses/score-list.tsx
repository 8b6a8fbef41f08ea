import { Badge } from "@/components/ui/badge";
import type { Jsonified } from "@/lib/client/json";
import type { listScoreSends } from "@/lib/lti/courses";

export type ScoreSend = Jsonified<Awaited<ReturnType<typeof listScoreSends>>>[number];

const LABEL: Record<ScoreSend["status"], string> = {
  sent: "Sent",
  pending: "Waiting",
  failed: "Failed",
  skipped: "Replaced",
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "";

function detail(s: ScoreSend): string {
  if (s.status === "sent") return `sent ${when(s.sent_at)}`;
  if (s.status === "skipped") return "a newer score was sent instead";
  if (s.status === "failed") return `after ${s.attempts} attempt${s.attempts === 1 ? "" : "s"}`;
  return s.attempts > 0 ? `attempt ${s.attempts + 1} at ${when(s.next_attempt_at)}` : "sending now";
}

/** Each score on its way to an LMS gradebook: whose, where, what, and how it went (newest first). */
export function ScoreList({ scores }: { scores: ScoreSend[] }) {
  if (scores.length === 0)
    return (
      <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
        No scores yet. A score is sent when a course learner&apos;s call is graded, and again when it is reviewed.
      </p>
    );
  return (
    <ul className="divide-y rounded-md border text-sm">
      {scores.map((s) => (
        <li
          key={s.id}
          className="grid gap-1 p-3 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-4"
          data-testid="lms-score"
        >
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium break-words">
              {s.learner} <span className="font-normal text-muted-foreground">· {s.course}</span>
            </p>
            <p className="text-muted-foreground break-words">
              {s.activity ?? "Activity"} · version {s.score_version} · {detail(s)}
            </p>
            {s.status === "failed" && s.last_error && <p className="text-destructive break-words">{s.last_error}</p>}
          </div>
          <div className="flex items-center gap-2 sm:justify-end">
            <span className="tabular-nums">{s.score_given ?? "-"} / 100</span>
            <Badge variant={s.status === "failed" ? "destructive" : s.status === "sent" ? "default" : "outline"}>
              {LABEL[s.status]}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}
