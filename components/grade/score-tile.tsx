import { cn } from "@/lib/utils";

import { BAND_CLASSES, BAND_LABEL, scoreBand } from "./score-band";

/** A score with its colour band, the number and the band's name (colour is never the only signal). */
export function ScoreTile({
  score,
  label,
  size = "md",
}: {
  score: number | null | undefined;
  label: string;
  size?: "md" | "lg";
}) {
  const band = scoreBand(score);
  return (
    <div
      data-testid="score-tile"
      data-band={band}
      aria-label={`${label}: ${score ?? "no score"}${score === null || score === undefined ? "" : " out of 100"}, ${BAND_LABEL[band]}`}
      className={cn(
        "flex shrink-0 flex-col items-center justify-center rounded-xl border-2 text-center",
        BAND_CLASSES[band].box,
        size === "lg" ? "size-28" : "size-20",
      )}
    >
      <span className={cn("font-bold tabular-nums leading-none", size === "lg" ? "text-4xl" : "text-2xl")}>
        {score ?? "—"}
      </span>
      <span className="mt-1 text-xs font-medium">{BAND_LABEL[band]}</span>
    </div>
  );
}

/** In place of the overall score when the learner said too little: a state, never a number. */
export function TooLittleTile() {
  return (
    <div
      data-testid="score-tile"
      data-band="grey"
      className={cn(
        "flex size-28 shrink-0 flex-col items-center justify-center rounded-xl border-2 p-2 text-center",
        BAND_CLASSES.grey.box,
      )}
    >
      <span className="text-base leading-tight font-bold">Too little to grade</span>
    </div>
  );
}

/** A thin bar for a stage score, with the number beside it. */
export function ScoreBar({ label, score }: { label: string; score: number | null | undefined }) {
  const band = scoreBand(score);
  const value = Math.max(0, Math.min(100, score ?? 0));
  return (
    <div className="grid grid-cols-[7.5rem_1fr_2.5rem] items-center gap-3 text-sm" data-band={band}>
      <span className="capitalize">{label}</span>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label={`${label} score`}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={cn("h-full rounded-full", BAND_CLASSES[band].bar)} style={{ width: `${value}%` }} />
      </div>
      <span className="text-right font-medium tabular-nums">{score ?? "—"}</span>
    </div>
  );
}
