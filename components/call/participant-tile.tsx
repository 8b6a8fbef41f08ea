import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

import type { VisualizerState } from "./bar-visualizer";

const STATE_LABEL: Record<VisualizerState, string> = {
  connecting: "Connecting...",
  initializing: "Joining the call...",
  listening: "Listening",
  thinking: "Thinking...",
  speaking: "Speaking",
};

type Props = {
  name: string;
  role?: string;
  state: VisualizerState;
  /** Overrides the state's written label (text practice waits for a typed turn rather than listening). */
  stateLabel?: string;
  offline?: boolean;
  /** The visualizer: the local one, or LiveKit's when a real track plays. */
  children: React.ReactNode;
  className?: string;
};

/** The remote participant: the persona, with its speaking bars and a written state (colour is never the only signal). */
export function ParticipantTile({ name, role, state, stateLabel, offline, children, className }: Props) {
  return (
    <section
      aria-label={`${name}, the persona`}
      className={cn(
        "relative flex min-h-[160px] flex-col items-center justify-center gap-3 rounded-2xl border bg-card p-4 shadow-sm sm:gap-4 sm:p-6",
        className,
      )}
    >
      {offline && (
        <Badge variant="info" className="sm:absolute sm:top-3 sm:left-3">
          Offline persona
        </Badge>
      )}
      <div className="flex h-16 w-full max-w-xs shrink-0 items-center justify-center sm:h-40">{children}</div>
      <div className="text-center">
        <p className="text-lg font-semibold">{name}</p>
        {role && <p className="text-sm text-muted-foreground">{role}</p>}
        <p
          role="status"
          aria-live="polite"
          className="mt-2 text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          {stateLabel ?? STATE_LABEL[state]}
        </p>
      </div>
    </section>
  );
}
