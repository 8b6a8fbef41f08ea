import { Badge } from "@/components/ui/badge";
import type { TranscriptEntry } from "@/lib/grading/response";
import { cn } from "@/lib/utils";

import { GradeSection } from "./section";

/** The conversation as it was graded, with each learner question marked by SPIN stage. */
export function TranscriptPanel({ transcript, personaName }: { transcript: TranscriptEntry[]; personaName: string }) {
  return (
    <GradeSection title="Transcript">
      {transcript.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing was said in this conversation.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Transcript">
          {transcript.map((turn) => (
            <li
              key={turn.seq}
              className={cn(
                "grid gap-1 rounded-lg border p-3 text-sm",
                turn.speaker === "learner" ? "bg-primary/5 sm:ml-8" : "bg-background sm:mr-8",
              )}
            >
              <span className="text-xs font-semibold text-muted-foreground">
                {turn.speaker === "learner" ? "You" : personaName}
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
            </li>
          ))}
        </ol>
      )}
    </GradeSection>
  );
}
