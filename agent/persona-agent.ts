import { llm, tts, voice } from "@livekit/agents";

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

export type TurnSettings = {
  minEndpointingDelayMs: number;
  preemptiveGeneration: boolean;
  /** Synthesise the drafted reply too before the turn is confirmed; it plays only once it is. */
  preemptiveTts?: boolean;
};

/** The worker's defaults (agent/config.ts). */
export const DEFAULT_TURNS: TurnSettings = {
  minEndpointingDelayMs: 1000,
  preemptiveGeneration: true,
  preemptiveTts: true,
};

/**
 * A session for one conversation; the worker adds the room, tests use text input only. With a VAD,
 * the Silero VAD's (short) minimum silence sends the speech to transcription and a reply is drafted
 * from the transcript (preemptive generation), its audio too with preemptiveTts; the turn is
 * confirmed, and the draft played, once the endpointing delay has passed without speech. Speech
 * that resumes first drops the draft and the learner goes on.
 */
export function buildSession(deps: SessionDeps): voice.AgentSession {
  const turns = deps.turns ?? DEFAULT_TURNS;
  const session = new voice.AgentSession({
    llm: deps.llm,
    stt: deps.stt,
    tts: deps.tts,
    // Our own sentence splitter in front of a whole-text TTS (agent/plugins.ts) reports an "aligned
    // transcript" made of its pieces joined without spaces; the persona's words come from the model's text instead.
    useTtsAlignedTranscript: !(deps.tts instanceof tts.StreamAdapter),
    // null, not undefined: without a VAD of ours the framework would start its own.
    vad: deps.vad ?? null,
    turnHandling: deps.vad
      ? {
          turnDetection: "vad",
          endpointing: { minDelay: turns.minEndpointingDelayMs },
          preemptiveGeneration: {
            enabled: turns.preemptiveGeneration,
            preemptiveTts: turns.preemptiveGeneration && (turns.preemptiveTts ?? false),
          },
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
