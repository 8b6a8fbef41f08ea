import { Badge } from "@/components/ui/badge";
import type { TurnCommentView } from "@/lib/coaching/comments";
import { formatOffset } from "@/lib/coaching/format";
import type { TranscriptEntry } from "@/lib/grading/response";
import { cn } from "@/lib/utils";

import { GradeSection } from "./section";
import { TurnComments } from "./turn-comments";

/** Instructors' comments on the lines, and whether this viewer may add them (an admin of the call's organisation). */
type TranscriptComments = {
  conversationId: string;
  callStartedAt: string;
  comments: TurnCommentView[];
  canComment: boolean;
  /** The learner's name for an instructor reading the call; null for the learner themself ("You"). */
  learnerName: string | null;
};

/** A spoken turn's time from the call's start; typed turns have none. */
function offsetOf(turn: TranscriptEntry, callStartedAt: string | undefined): string | null {
  if (turn.source !== "voice" || !callStartedAt) return null;
  return formatOffset((Date.parse(turn.started_at) - Date.parse(callStartedAt)) / 1000);
}

/** The conversation as it was graded, with each learner question marked by SPIN stage. */
export function TranscriptPanel({
  transcript,
  personaName,
  coaching,
}: {
  transcript: TranscriptEntry[];
  personaName: string;
  coaching?: TranscriptComments;
}) {
  return (
    <GradeSection title="Transcript">
      {transcript.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing was said in this conversation.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Transcript">
          {transcript.map((turn, i) => {
            const offset = offsetOf(turn, coaching?.callStartedAt);
            const turnLabel = `turn ${i + 1}${offset ? ` at ${offset}` : ""}`;
            const comments = coaching?.comments.filter((c) => c.turn_seq === turn.seq) ?? [];
            return (
              <li
                key={turn.seq}
                id={`turn-${i + 1}`}
                data-testid="transcript-turn"
                className={cn(
                  "grid gap-1 rounded-lg border p-3 text-sm",
                  turn.speaker === "learner" ? "bg-primary/5 sm:ml-8" : "bg-background sm:mr-8",
                  comments.length > 0 && "ring-2 ring-amber-400/60",
                )}
              >
                <span className="flex flex-wrap gap-x-2 text-xs font-semibold text-muted-foreground">
                  <span>{turn.speaker === "learner" ? (coaching?.learnerName ?? "You") : personaName}</span>
                  <span className="font-normal">
                    Turn {i + 1}
                    {offset ? (
                      <>
                        {" · "}
                        <span data-testid="turn-offset">{offset}</span>
                      </>
                    ) : null}
                  </span>
                </span>
                <p className="leading-relaxed">{turn.text}</p>
                {turn.questions.length > 0 && (
                  <ul className="flex flex-wrap gap-1.5" aria-label="Questions in this turn">
                    {turn.questions.map((q, i) => (
                      <li key={i}>
                        <Badge variant={q.stage ? "info" : "outline"} title={q.why ? `${q.text}\n${q.why}` : q.text}>
                          {q.stage ? `${q.stage} question` : "not a discovery question"} · {q.open ? "open" : "closed"}
                          {q.follow_up ? " · follow-up" : ""}
                          {q.stage && q.counted === false ? " · not counted" : ""}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
                {turn.questions.some((q) => q.why) && (
                  <details className="text-xs text-muted-foreground">
                    <summary className="cursor-pointer">Why these labels</summary>
                    <ul className="mt-1 grid gap-1">
                      {turn.questions.map((q, i) => (
                        <li key={i}>
                          &ldquo;{q.text}&rdquo;: {q.why ?? "labelled before explanations were stored"}
                          {q.stage && q.counted === false
                            ? " Not counted: the buyer did not get to answer it, or it sat inside your own talk."
                            : ""}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                {coaching ? (
                  <TurnComments
                    conversationId={coaching.conversationId}
                    turnSeq={turn.seq}
                    turnLabel={turnLabel}
                    comments={comments}
                    canComment={coaching.canComment}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </GradeSection>
  );
}
