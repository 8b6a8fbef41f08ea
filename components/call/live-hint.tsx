"use client";

import { Lightbulb } from "lucide-react";
import { useEffect, useState } from "react";

import { api } from "@/lib/client/api";
import { cn } from "@/lib/utils";

export type HintsState = { enabled: boolean; reason: "on" | "off" | "assessed" };
type LiveHintValue = { id: string; text: string } | null;

/**
 * The live hint beside the chat (below the composer on a phone): for the learner's eyes only. It is
 * never read aloud to the buyer (the speech synthesis reads only the persona's replies) and never graded.
 */
export function LiveHint({
  state,
  hint,
  className,
}: {
  state: HintsState | null | undefined;
  hint: LiveHintValue;
  className?: string;
}) {
  if (!state || state.reason === "off") return null;
  if (state.reason === "assessed")
    return (
      <p className={cn("rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground", className)}>
        Live hints are off: this practice counts toward an open assignment.
      </p>
    );
  return (
    <aside
      aria-label="Live hint"
      data-testid="live-hint"
      className={cn(
        "flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm",
        className,
      )}
    >
      <Lightbulb aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <p aria-live="polite" className="min-w-0">
        <span className="sr-only">Hint: </span>
        {hint ? (
          hint.text
        ) : (
          <span className="text-muted-foreground">
            A hint appears here after each of your turns. The persona never sees it.
          </span>
        )}
      </p>
    </aside>
  );
}

/** A voice call's hint: asked for again a moment after each new learner turn (the agent posts it to the app shortly after). */
export function useVoiceHint(conversationId: string, learnerTurns: number) {
  const [value, setValue] = useState<{ state: HintsState; hint: LiveHintValue } | null>(null);
  useEffect(() => {
    let cancelled = false;
    const ask = () =>
      api<HintsState & { hint: LiveHintValue }>(`/api/protected/conversations/${conversationId}/hint`)
        .then(({ hint, ...state }) => {
          if (!cancelled) setValue({ state, hint });
        })
        .catch(() => undefined);
    const timers = learnerTurns === 0 ? [setTimeout(ask, 0)] : [setTimeout(ask, 1_500), setTimeout(ask, 5_000)];
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [conversationId, learnerTurns]);
  return value;
}
