"use client";

import { useEffect, useState } from "react";

import { cn } from "@/lib/utils";

export type VisualizerState = "connecting" | "initializing" | "listening" | "thinking" | "speaking";

const BAR_COUNT = 7;
const BAR_HEIGHT = { min: 8, idle: 20, max: 100 } as const;

/** How long one animation step lasts in each state. */
function animationStep(state: VisualizerState): number {
  if (state === "connecting" || state === "initializing") return 2000;
  if (state === "listening") return 500;
  if (state === "thinking") return 150;
  return 1000;
}

const center = Math.floor(BAR_COUNT / 2);
const SPEAKING_SHAPE = [40, 70, 90, 100, 90, 70, 40];

/** Which bars light up (and how tall they are) at a given step of the animation. */
export function frame(state: VisualizerState, step: number): { highlighted: boolean; height: number }[] {
  return Array.from({ length: BAR_COUNT }, (_, i) => {
    switch (state) {
      case "connecting":
      case "initializing": {
        const reach = step % (center + 1);
        return { highlighted: Math.abs(i - center) <= reach, height: BAR_HEIGHT.idle };
      }
      case "listening":
        return { highlighted: i === center && step % 2 === 0, height: i === center ? 32 : BAR_HEIGHT.idle };
      case "thinking": {
        const sweep = step % (2 * BAR_COUNT - 2);
        const at = sweep < BAR_COUNT ? sweep : 2 * BAR_COUNT - 2 - sweep;
        return { highlighted: i === at, height: BAR_HEIGHT.idle };
      }
      default: {
        const h = SPEAKING_SHAPE[(i + step) % BAR_COUNT];
        return { highlighted: true, height: Math.max(BAR_HEIGHT.min, Math.min(BAR_HEIGHT.max, h)) };
      }
    }
  });
}

type Props = { state: VisualizerState; className?: string };

/** The 7-bar speaking visualizer for calls without a media track (local mode). */
export function BarVisualizer(props: Props) {
  // A new state restarts its animation from the first step.
  return <Bars key={props.state} {...props} />;
}

function Bars({ state, className }: Props) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => s + 1), animationStep(state));
    return () => clearInterval(timer);
  }, [state]);

  return (
    <div
      aria-hidden
      data-state={state}
      className={cn("flex h-24 items-center justify-center gap-1.5 sm:gap-2.5", className)}
    >
      {frame(state, step).map((bar, i) => (
        <span
          key={i}
          data-highlighted={bar.highlighted || undefined}
          className="w-2.5 rounded-full sm:w-4 bg-primary/20 transition-all duration-300 ease-out data-[highlighted]:bg-primary"
          style={{ height: `${bar.height}%`, minHeight: `${BAR_HEIGHT.min}%` }}
        />
      ))}
    </div>
  );
}
