/** 80 or more green, 60 to 79 yellow, below 60 red, missing grey. */
export type ScoreBand = "green" | "yellow" | "red" | "grey";

export function scoreBand(score: number | null | undefined): ScoreBand {
  if (score === null || score === undefined || Number.isNaN(score)) return "grey";
  if (score >= 80) return "green";
  if (score >= 60) return "yellow";
  return "red";
}

/** Words beside the colour, so the band never depends on colour alone. */
export const BAND_LABEL: Record<ScoreBand, string> = {
  green: "Strong",
  yellow: "Developing",
  red: "Needs work",
  grey: "Not scored",
};

export const BAND_CLASSES: Record<ScoreBand, { box: string; bar: string }> = {
  green: { box: "border-green-600/40 bg-green-50 text-green-800", bar: "bg-green-600" },
  yellow: { box: "border-yellow-500/50 bg-yellow-50 text-yellow-900", bar: "bg-yellow-500" },
  red: { box: "border-red-600/40 bg-red-50 text-red-800", bar: "bg-red-600" },
  grey: { box: "border-border bg-muted text-muted-foreground", bar: "bg-muted-foreground/40" },
};

/** Rounded minutes between start and end. */
export function durationMinutes(startedAt: string, endedAt: string | null): number | null {
  if (!endedAt) return null;
  return Math.round((new Date(endedAt).getTime() - new Date(startedAt).getTime()) / 60_000);
}

/** The exact length behind the rounded minutes, e.g. "1 min 29 s" (null without an end). */
export function exactDuration(startedAt: string, endedAt: string | null): string | null {
  if (!endedAt) return null;
  const total = Math.max(0, Math.round((new Date(endedAt).getTime() - new Date(startedAt).getTime()) / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}
