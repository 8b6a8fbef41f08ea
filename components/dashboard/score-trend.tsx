import { scoreBand } from "@/components/grade/score-band";

const FILL = { green: "bg-success", yellow: "bg-warning", red: "bg-destructive", grey: "bg-muted-foreground" };
const W = 600;
const H = 160;

/**
 * Scores over time, drawn on the server: the line is an SVG stretched to the width, the points are
 * HTML dots placed in percent (so they stay round at any width). The caller gives a text alternative.
 */
export function ScoreTrend({ points }: { points: { score: number; conversation_id: string }[] }) {
  const xPct = (i: number) => (points.length > 1 ? 2 + (i * 96) / (points.length - 1) : 50);
  const yPct = (s: number) => 5 + (1 - s / 100) * 90;
  const path = points
    .map((p, i) => `${i ? "L" : "M"}${((xPct(i) / 100) * W).toFixed(1)},${((yPct(p.score) / 100) * H).toFixed(1)}`)
    .join(" ");
  return (
    <div className="relative h-40 w-full" aria-hidden data-testid="score-trend">
      <svg viewBox={`0 0 ${W} ${H}`} className="absolute inset-0 h-full w-full" preserveAspectRatio="none">
        {[80, 60].map((band) => (
          <line
            key={band}
            x1={0}
            x2={W}
            y1={(yPct(band) / 100) * H}
            y2={(yPct(band) / 100) * H}
            stroke="var(--border)"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path d={path} fill="none" stroke="var(--primary)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      {points.map((p, i) => (
        <span
          key={p.conversation_id}
          className={`absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-background ${FILL[scoreBand(p.score)]}`}
          style={{ left: `${xPct(i)}%`, top: `${yPct(p.score)}%` }}
        />
      ))}
    </div>
  );
}
