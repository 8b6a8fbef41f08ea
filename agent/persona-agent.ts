import { llm, voice } from "@livekit/agents";
import { buildPersonaPrompt } from "@/lib/conversations/persona-prompt";
import type { Persona } from "@/lib/validations/persona";
import type { AgentConversation } from "./app-client";

export const OPENING_INSTRUCTIONS = "The learner has just joined the call. Answer in character with one short greeting, as you would pick up the phone.";

/** The persona as a voice agent: its system prompt, plus the turns so far when a job restarts mid-call. */
export function buildPersonaAgent(persona: Persona, turns: AgentConversation["turns"] = []): voice.Agent {
  const chatCtx = llm.ChatContext.empty();
  for (const turn of turns) chatCtx.addMessage({ role: turn.speaker === "learner" ? "user" : "assistant", content: turn.text });
  return new voice.Agent({ instructions: buildPersonaPrompt(persona, "voice"), chatCtx });
}

export type SessionDeps = {
  llm: llm.LLM;
  stt?: voice.AgentSessionOptions["stt"];
  tts?: voice.AgentSessionOptions["tts"];
  vad?: voice.AgentSessionOptions["vad"];
};

/** A session for one conversation; the worker adds the room, tests use text input only. */
export function buildSession(deps: SessionDeps): voice.AgentSession {
  return new voice.AgentSession({
    llm: deps.llm,
    stt: deps.stt,
    tts: deps.tts,
    vad: deps.vad,
    ...(deps.vad ? { turnHandling: { turnDetection: "vad" as const } } : {}),
  });
}
