import { LocalDate } from "./local-date";
import { GradeSection } from "./section";

/** Whole days from the end of the call to the deletion: the retention the organisation had set. */
export function daysKept(endedAt: string | null, deletedAt: string): number | null {
  if (!endedAt) return null;
  return Math.max(0, Math.floor((Date.parse(deletedAt) - Date.parse(endedAt)) / 86_400_000));
}

/** In place of the transcript once the retention job deleted it: when, why, and that the grade stays. */
export function TranscriptDeleted({ endedAt, deletedAt }: { endedAt: string | null; deletedAt: string }) {
  const days = daysKept(endedAt, deletedAt);
  return (
    <GradeSection title="Transcript">
      <p className="text-sm text-muted-foreground">
        The transcript was deleted on <LocalDate iso={deletedAt} />
        {days === null ? "" : `, ${days} ${days === 1 ? "day" : "days"} after the call`}, as your organization&apos;s
        retention policy says. The grade, the scores and any review above are kept.
      </p>
    </GradeSection>
  );
}
