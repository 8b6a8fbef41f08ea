import { llm, voice } from "@livekit/agents";

import { buildPersonaPrompt } from "@/lib/conversations/persona-prompt";
import type { Persona } from "@/lib/validations/persona";

import type { AgentConversation } from "./app-client";

export const OPENING_INSTRUCTIONS =
  "The learner has just joined the call. Answer in character with one short greeting, as you would pick up the phone.";

/** The persona as a voice agent: its system prompt, plus the turns so far when a job restarts mid-call. */
export function buildPersonaAgent(
  persona: Persona,
  turns: AgentConversation["turns"] = [],
  tools?: llm.ToolContextLike,
): voice.Agent {
  const chatCtx = llm.ChatContext.empty();
  for (const turn of turns)
    chatCtx.addMessage({ role: turn.speaker === "learner" ? "user" : "assistant", content: turn.text });
  return new voice.Agent({ instructions: buildPersonaPrompt(persona, "voice"), chatCtx, tools });
}

export type SessionDeps = {
  llm: llm.LLM;
  stt?: voice.AgentSessionOptions["stt"];
  tts?: voice.AgentSessionOptions["tts"];
  vad?: voice.AgentSessionOptions["vad"];
  /** Turn-taking, tuned with `npm run bench:voice` (see bench/RESULTS.md). */
  turns?: TurnSettings;
};

export type TurnSettings = { minEndpointingDelayMs: number; preemptiveGeneration: boolean };

export const DEFAULT_TURNS: TurnSettings = { minEndpointingDelayMs: 300, preemptiveGeneration: true };

/**
 * A session for one conversation; the worker adds the room, tests use text input only. With a VAD,
 * turns end on silence (the Silero VAD's own minimum silence, then the endpointing delay) and the
 * reply is drafted as soon as the final transcript arrives (preemptive generation).
 */
export function buildSession(deps: SessionDeps): voice.AgentSession {
  const turns = deps.turns ?? DEFAULT_TURNS;
  const session = new voice.AgentSession({
    llm: deps.llm,
    stt: deps.stt,
    tts: deps.tts,
    // null, not undefined: without a VAD of ours the framework would start its own.
    vad: deps.vad ?? null,
    turnHandling: deps.vad
      ? {
          turnDetection: "vad",
          endpointing: { minDelay: turns.minEndpointingDelayMs },
          preemptiveGeneration: { enabled: turns.preemptiveGeneration },
        }
      : { turnDetection: null },
  });
  // The session reports errors as an "error" event: with no listener Node throws and the job dies.
  // One that matters: the OpenAI plugin reports a TTS request it aborted itself (the learner
  // interrupted, or a preemptive draft was dropped) as an error. The framework recovers; we log.
  session.on(voice.AgentSessionEventTypes.Error, (ev) => {
    const err = ev.error as { type?: string; recoverable?: boolean; error?: unknown } | undefined;
    console.warn(
      `[agent] ${err?.type ?? "session error"}${err?.recoverable === false ? " (not recoverable)" : ""}:`,
      err?.error instanceof Error ? err.error.message : err?.error,
    );
  });
  return session;
}
