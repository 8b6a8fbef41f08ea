import { initializeLogger, voice } from "@livekit/agents";
import { describe, expect, it, vi } from "vitest";

import { ClaudeLLM } from "@/agent/claude-llm";
import { buildSession } from "@/agent/persona-agent";

describe("a session error", () => {
  it("is logged, not thrown (an unhandled 'error' event would kill the job mid-call)", async () => {
    initializeLogger({ pretty: false, level: "error" });
    const session = buildSession({ llm: new ClaudeLLM({ model: "m", apiKey: "k", baseURL: "http://127.0.0.1:9" }) });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      // What the OpenAI TTS plugin emits when its own request is aborted by an interruption.
      const event = {
        type: "error",
        error: { type: "tts_error", recoverable: true, error: new Error("Request was aborted.") },
        source: {},
        createdAt: Date.now(),
      };
      expect(() => session.emit(voice.AgentSessionEventTypes.Error, event as never)).not.toThrow();
      expect(warn).toHaveBeenCalledWith("[agent] tts_error:", "Request was aborted.");
    } finally {
      warn.mockRestore();
      await session.close();
    }
  });
});
