"use client";

import "uplot/dist/uPlot.min.css";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";

import type { ScorePoint } from "@/lib/organizations/scores";

const HEIGHT = 260;
const DAY = 86_400;

/**
 * From the data itself (uPlot widens a lone point's range to ~1000 days): a few days either
 * side of a lone point, otherwise a 5% margin so points never sit on the frame.
 */
function timeRange(u: uPlot): uPlot.Range.MinMax {
  const xs = u.data[0];
  const min = xs[0] ?? 0;
  const max = xs[xs.length - 1] ?? min;
  const pad = max - min < DAY ? 3 * DAY : (max - min) * 0.05;
  return [min - pad, max + pad];
}

/** Scores over time drawn by uPlot, which is loaded only when a user's detail view opens. */
export function ScoreChart({ points }: { points: ScorePoint[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: HEIGHT }));

    import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const data: uPlot.AlignedData = [
        points.map((p) => new Date(p.started_at).getTime() / 1000),
        points.map((p) => p.score),
      ];
      chart = new UPlot(
        {
          width: el.clientWidth,
          height: HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true, range: timeRange }, y: { range: [0, 100] } },
          axes: [{ stroke: "#6b7280" }, { stroke: "#6b7280", label: "Score", values: (_, ticks) => ticks.map(String) }],
          series: [
            {},
            {
              label: "Score",
              stroke: "#3f3fbf",
              width: 2,
              fill: "rgba(63,63,191,0.08)",
              points: { show: true, size: 8, fill: "#3f3fbf" },
            },
          ],
        },
        data,
        el,
      );
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [points]);

  return (
    <div
      ref={container}
      aria-hidden
      data-testid="score-chart"
      className="w-full min-w-0 overflow-hidden"
      style={{ minHeight: HEIGHT }}
    />
  );
}
