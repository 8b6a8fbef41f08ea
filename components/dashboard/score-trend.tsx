import { scoreBand } from "@/components/grade/score-band";

const FILL = { green: "var(--success)", yellow: "var(--warning)", red: "var(--destructive)", grey: "var(--muted-foreground)" };
const W = 600;
const H = 160;
const PAD = 12;

/** Scores over time as a server-drawn SVG line; the caller gives a text alternative. */
export function ScoreTrend({ points }: { points: { score: number; conversation_id: string }[] }) {
  const step = points.length > 1 ? (W - 2 * PAD) / (points.length - 1) : 0;
  const x = (i: number) => (points.length > 1 ? PAD + i * step : W / 2);
  const y = (s: number) => PAD + (1 - s / 100) * (H - 2 * PAD);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(" ");
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-40 w-full" preserveAspectRatio="none" aria-hidden data-testid="score-trend">
      {[80, 60].map((band) => (
        <line key={band} x1={0} x2={W} y1={y(band)} y2={y(band)} stroke="var(--border)" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
      ))}
      <path d={path} fill="none" stroke="var(--primary)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {points.map((p, i) => (
        <circle key={p.conversation_id} cx={x(i)} cy={y(p.score)} r={4} fill={FILL[scoreBand(p.score)]} vectorEffect="non-scaling-stroke" />
      ))}
    </svg>
  );
}
