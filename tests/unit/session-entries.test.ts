import type { ReceivedMessage } from "@livekit/components-react";
import { describe, expect, it } from "vitest";

import { toChatEntries } from "@/components/call/session-entries";

const names = { learner: { name: "Riley", identity: "user-1" }, persona: { name: "Dana Whitfield" } };
const agent = { identity: "agent-1", isLocal: false } as never;
const me = { identity: "user-1", isLocal: true } as never;

const msg = (m: Partial<ReceivedMessage> & { type?: ReceivedMessage["type"] }) =>
  ({ id: crypto.randomUUID(), timestamp: 1_000, message: "", ...m }) as ReceivedMessage;

describe("useSessionMessages output as Messages entries", () => {
  it("puts the learner's speech and typed chat on the learner's side, the agent's on the persona's", () => {
    const entries = toChatEntries(
      [
        msg({ type: "agentTranscript", message: "Dana speaking.", from: agent }),
        msg({ type: "userTranscript", message: "Hi Dana", from: me, attributes: { "lk.transcription_final": "true" } }),
        msg({ type: "chatMessage", message: "typed", from: me }),
        msg({ type: "agentTranscript", message: "Go on.", from: undefined }),
      ],
      names,
    );
    expect(entries.map((e) => [e.from.name, e.from.isLocal, e.message])).toEqual([
      ["Dana Whitfield", false, "Dana speaking."],
      ["Riley", true, "Hi Dana"],
      ["Riley", true, "typed"],
      ["Dana Whitfield", false, "Go on."],
    ]);
    expect(entries[1].from.identity).toBe("user-1");
  });

  it("marks the learner's interim transcript, skips empty segments, keeps attachments", () => {
    const file = new File(["x"], "deck.pdf", { type: "application/pdf" });
    const entries = toChatEntries(
      [
        msg({ type: "userTranscript", message: "I was", from: me, attributes: { "lk.transcription_final": "false" } }),
        msg({
          type: "agentTranscript",
          message: "   ",
          from: agent,
          attributes: { "lk.transcription_final": "false" },
        }),
        msg({
          type: "agentTranscript",
          message: "Streaming reply",
          from: agent,
          attributes: { "lk.transcription_final": "false" },
        }),
        msg({ type: "chatMessage", message: "", from: agent, attachedFiles: [file] }),
      ],
      names,
    );
    expect(entries.map((e) => [e.message, !!e.interim])).toEqual([
      ["I was", true],
      ["Streaming reply", false],
      ["", false],
    ]);
    expect(entries[2].attachedFiles).toEqual([file]);
  });
});
