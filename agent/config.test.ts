import { describe, expect, it } from "vitest";
import { agentConfig } from "./config";

const base = { AGENT_SECRET: "agent-secret-0123456789", ANTHROPIC_API_KEY: "k", DEEPGRAM_API_KEY: "dg" };

describe("agent configuration", () => {
  it("uses ElevenLabs voices when a key is set, Deepgram Aura otherwise", () => {
    expect(agentConfig({ ...base }).tts).toBe("deepgram");
    expect(agentConfig({ ...base, ELEVEN_API_KEY: "el" }).tts).toBe("elevenlabs");
    expect(agentConfig({ ...base, ELEVEN_API_KEY: "el", AGENT_TTS: "deepgram" }).tts).toBe("deepgram");
    expect(agentConfig({ ...base }).APP_URL).toBe("http://127.0.0.1:3000");
  });

  it("refuses to start without the keys it needs", () => {
    expect(() => agentConfig({ ...base, DEEPGRAM_API_KEY: undefined })).toThrow(/DEEPGRAM_API_KEY/);
    expect(() => agentConfig({ ...base, AGENT_TTS: "elevenlabs" })).toThrow(/ELEVEN_API_KEY/);
    expect(() => agentConfig({ ...base, AGENT_SECRET: "short" })).toThrow(/AGENT_SECRET/);
    expect(() => agentConfig({ ...base, ANTHROPIC_API_KEY: undefined })).toThrow();
  });
});
