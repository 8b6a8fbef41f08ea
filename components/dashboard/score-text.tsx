import { type ScoreBand, scoreBand } from "@/components/grade/score-band";
import { cn } from "@/lib/utils";

const TEXT: Record<ScoreBand, string> = {
  green: "text-success",
  yellow: "text-warning",
  red: "text-destructive",
  grey: "text-muted-foreground",
};

/** A score in the spec's colour band (80 / 60); the number is always there, so colour is never the only signal. */
export function ScoreText({
  score,
  className,
  empty = "—",
}: {
  score: number | null;
  className?: string;
  empty?: string;
}) {
  return (
    <span className={cn("font-medium tabular-nums", TEXT[scoreBand(score)], className)}>
      {score === null ? empty : Number.isInteger(score) ? score : score.toFixed(1)}
    </span>
  );
}
