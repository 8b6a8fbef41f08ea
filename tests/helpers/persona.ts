import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import type { Persona } from "@/lib/validations/persona";

/** A learner's lines played through the offline persona, as the messages API does: its replies, in order. */
export function playScript(persona: Persona, script: string[], seed: string): string[] {
  const history: TranscriptLine[] = [];
  for (const text of script)
    history.push(
      { speaker: "learner", text },
      { speaker: "persona", text: offlineReply(persona, history, text, seed) },
    );
  return history.filter((l) => l.speaker === "persona").map((l) => l.text);
}
