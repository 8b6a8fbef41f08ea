import "server-only";

import type Anthropic from "@anthropic-ai/sdk";

import { anthropicModel } from "@/lib/ai/anthropic";
import { logError } from "@/lib/db-errors";
import { AppError } from "@/lib/errors";
import type { Persona } from "@/lib/validations/persona";

import type { TranscriptLine } from "./offline-persona";
import { buildPersonaPrompt, toPersonaMessages } from "./persona-prompt";

/** Claude wants alternating roles starting with the user: merge runs and open with a cue if needed. */
export function toClaudeMessages(transcript: TranscriptLine[]): Anthropic.MessageParam[] {
  return toPersonaMessages(
    transcript.map((line) => ({ role: line.speaker === "learner" ? "user" : "assistant", text: line.text })),
  );
}

export const personaUnavailable = () =>
  new AppError(
    502,
    "The persona could not answer right now. Your message was saved; please send another or try again.",
  );

/** The persona's next chat reply from Claude; any failure becomes a 502 the learner can retry. */
export async function claudePersonaReply(
  client: Anthropic,
  persona: Persona,
  transcript: TranscriptLine[],
): Promise<string> {
  let message: Anthropic.Message;
  try {
    message = await client.messages.create({
      model: anthropicModel(),
      max_tokens: 400,
      system: buildPersonaPrompt(persona, "text"),
      messages: toClaudeMessages(transcript),
    });
  } catch (err) {
    logError("conversations", err);
    throw personaUnavailable();
  }
  const text = message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join(" ")
    .trim();
  if (!text) throw personaUnavailable();
  return text;
}
