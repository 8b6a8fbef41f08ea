import type { GradeResponse } from "@/lib/grading/response";

import { GradeSection } from "./section";

const pct = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);

/** The measured facts behind the grade, compactly. */
export function MetricsPanel({ metrics: m }: { metrics: NonNullable<GradeResponse["metrics"]> }) {
  const fillers = Object.entries(m.filler_counts).sort((a, b) => b[1] - a[1]);
  const items: [string, React.ReactNode, string?][] = [
    [
      "Talk / listen",
      `${pct(m.talk_ratio)} / ${pct(m.talk_ratio === null ? null : 1 - m.talk_ratio)}`,
      m.timing === "voice" ? undefined : "typed turns estimated at 150 words per minute",
    ],
    ["Questions", `${m.questions} (${m.open_questions} open)`],
    [
      "Filler words",
      `${m.fillers} (${m.fillers_per_minute} per minute)`,
      fillers.length ? fillers.map(([f, n]) => `${f} ×${n}`).join(", ") : undefined,
    ],
    ["Longest monologue", `${Math.round(m.longest_monologue_seconds)} s (${m.longest_monologue_words} words)`],
  ];
  return (
    <GradeSection title="Talk Metrics">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([term, value, note]) => (
          <div key={term} className="rounded-lg border bg-muted/40 p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
            {note && <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>}
          </div>
        ))}
      </dl>
    </GradeSection>
  );
}
