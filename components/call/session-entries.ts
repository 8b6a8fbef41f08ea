import type { ReceivedMessage } from "@livekit/components-react";

import type { ChatEntry } from "./chat-grouping";

/** LiveKit's transcription attribute: "false" while a segment is interim. */
const TRANSCRIPTION_FINAL = "lk.transcription_final";

type Names = { learner: { name: string; identity: string }; persona: { name: string } };

/**
 * useSessionMessages() output as Messages panel entries: the learner's transcribed speech
 * (lk.transcription from the local participant), the persona's spoken replies (lk.transcription
 * from the agent) and typed chat (lk.chat) from either side, in arrival order. Empty segments
 * (a transcription stream that has opened but carries no text yet) are left out.
 */
export function toChatEntries(messages: ReceivedMessage[], names: Names): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (const m of messages) {
    const files = m.type === "userTranscript" || m.type === "agentTranscript" ? undefined : m.attachedFiles;
    if (!m.message.trim() && !files?.length) continue;
    const local = m.type === "userTranscript" || !!m.from?.isLocal;
    const from = local
      ? { name: names.learner.name || "You", identity: names.learner.identity, isLocal: true }
      : { name: names.persona.name, identity: m.from?.identity || "persona", isLocal: false };
    const entry: ChatEntry = { id: m.id, message: m.message, timestamp: m.timestamp, from };
    if (m.type === "userTranscript" && m.attributes?.[TRANSCRIPTION_FINAL] === "false") entry.interim = true;
    if (files?.length) entry.attachedFiles = files;
    entries.push(entry);
  }
  return entries;
}
