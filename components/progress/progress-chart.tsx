import { scoreBand } from "@/components/grade/score-band";
import type { ProgressPoint } from "@/lib/progress/summarise";

const FILL = { green: "bg-success", yellow: "bg-warning", red: "bg-destructive", grey: "bg-muted-foreground" };
const W = 600;
const H = 200;
const GRID = [0, 60, 80, 100];

/** A date as the chart's axis shows it: "Nov 2" (a cohort's week is YYYY-MM-DD, read as that day). */
export function shortDate(at: string) {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(at) ? new Date(`${at}T12:00:00Z`) : new Date(at);
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * Scores of one skill, oldest first, evenly spaced: a hand-drawn SVG (no chart library) whose lines
 * stretch with the width while the dots and labels are HTML, so they stay round and legible on a phone.
 * The picture is described by `label`; the caller puts the same points in a table for screen readers.
 */
export function ProgressChart({ points, label }: { points: ProgressPoint[]; label: string }) {
  const xPct = (i: number) => (points.length > 1 ? 3 + (i * 94) / (points.length - 1) : 50);
  const yPct = (s: number) => 4 + (1 - s / 100) * 92;
  const path = points
    .map((p, i) => `${i ? "L" : "M"}${((xPct(i) / 100) * W).toFixed(1)},${((yPct(p.score) / 100) * H).toFixed(1)}`)
    .join(" ");
  return (
    <div className="grid gap-1" data-testid="progress-chart">
      <div className="grid grid-cols-[2rem_minmax(0,1fr)] gap-1">
        <div className="relative h-48 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
          {GRID.map((g) => (
            <span key={g} className="absolute right-0 -translate-y-1/2" style={{ top: `${yPct(g)}%` }}>
              {g}
            </span>
          ))}
        </div>
        <div className="relative h-48 rounded-md border bg-background" role="img" aria-label={label}>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="absolute inset-0 h-full w-full"
            preserveAspectRatio="none"
            aria-hidden
            focusable="false"
          >
            {GRID.map((g) => (
              <line
                key={g}
                x1={0}
                x2={W}
                y1={(yPct(g) / 100) * H}
                y2={(yPct(g) / 100) * H}
                stroke="var(--border)"
                strokeDasharray={g === 60 || g === 80 ? "4 4" : undefined}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.length > 1 ? (
              <path d={path} fill="none" stroke="var(--primary)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
            ) : null}
          </svg>
          {points.map((p, i) => (
            <span
              key={`${p.at}-${i}`}
              aria-hidden
              className={`absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-background ${FILL[scoreBand(p.score)]}`}
              style={{ left: `${xPct(i)}%`, top: `${yPct(p.score)}%` }}
              title={`${shortDate(p.at)}: ${p.score}`}
            />
          ))}
        </div>
      </div>
      {points.length ? (
        <div className="ml-9 flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>{shortDate(points[0].at)}</span>
          {points.length > 1 ? <span>{shortDate(points[points.length - 1].at)}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
