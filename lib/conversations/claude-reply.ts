import "server-only";

import Anthropic from "@anthropic-ai/sdk";

import { anthropicModel } from "@/lib/ai/anthropic";
import { logScrubbedError } from "@/lib/db-errors";
import type { Persona } from "@/lib/validations/persona";

import type { TranscriptLine } from "./offline-persona";
import { buildPersonaPrompt, toPersonaMessages } from "./persona-prompt";

/** Claude wants alternating roles starting with the user: merge runs and open with a cue if needed. */
export function toClaudeMessages(transcript: TranscriptLine[]): Anthropic.MessageParam[] {
  return toPersonaMessages(
    transcript.map((line) => ({ role: line.speaker === "learner" ? "user" : "assistant", text: line.text })),
  );
}

/** The model gave no reply in time ("timeout"), failed ("error") or said nothing ("empty"). */
export class PersonaModelFailure extends Error {
  constructor(readonly reason: "timeout" | "error" | "empty") {
    super(`The persona model gave no reply (${reason})`);
    this.name = "PersonaModelFailure";
  }
}

const timedOut = (err: unknown) =>
  err instanceof Anthropic.APIConnectionTimeoutError || err instanceof Anthropic.APIUserAbortError;

/**
 * The persona's next chat reply from the model, within `timeoutMs` all told (a retry included):
 * a learner never waits longer. Any failure is a PersonaModelFailure; the caller lets the offline
 * persona take the turn.
 */
export async function claudePersonaReply(
  client: Anthropic,
  persona: Persona,
  transcript: TranscriptLine[],
  timeoutMs: number,
): Promise<string> {
  const model = anthropicModel("persona");
  let message: Anthropic.Message;
  try {
    message = await client.messages.create(
      {
        model,
        max_tokens: 400,
        system: buildPersonaPrompt(persona, "text"),
        messages: toClaudeMessages(transcript),
      },
      { signal: AbortSignal.timeout(timeoutMs), timeout: timeoutMs },
    );
  } catch (err) {
    if (!timedOut(err)) {
      logScrubbedError("conversations", err);
      throw new PersonaModelFailure("error");
    }
    console.warn(`[conversations] ${model} gave no reply within ${timeoutMs} ms: the offline persona answers`);
    throw new PersonaModelFailure("timeout");
  }
  const text = message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join(" ")
    .trim();
  if (!text) throw new PersonaModelFailure("empty");
  return text;
}
