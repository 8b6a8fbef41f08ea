import { describe, expect, it } from "vitest";

import { agentConfig, AgentConfigError } from "@/agent/config";

const livekit = { LIVEKIT_URL: "ws://127.0.0.1:7880", LIVEKIT_API_KEY: "devkey", LIVEKIT_API_SECRET: "secret" };
const base = { ...livekit, AGENT_SECRET: "agent-secret-0123456789", ANTHROPIC_API_KEY: "k", DEEPGRAM_API_KEY: "dg" };

describe("agent configuration", () => {
  it("uses ElevenLabs voices when a key is set, Deepgram Aura otherwise", () => {
    expect(agentConfig({ ...base }).tts).toBe("deepgram");
    expect(agentConfig({ ...base, ELEVEN_API_KEY: "el" }).tts).toBe("elevenlabs");
    expect(agentConfig({ ...base, ELEVEN_API_KEY: "el", AGENT_TTS: "deepgram" }).tts).toBe("deepgram");
    expect(agentConfig({ ...base }).APP_URL).toBe("http://127.0.0.1:3000");
  });

  it("runs fully self-hosted on OpenAI-compatible speech servers, with no cloud speech key", () => {
    const config = agentConfig({
      ...base,
      DEEPGRAM_API_KEY: undefined,
      STT_BASE_URL: "http://127.0.0.1:8000/v1",
      STT_MODEL: "Systran/faster-whisper-small",
      TTS_BASE_URL: "http://127.0.0.1:8880/v1",
      TTS_MODEL: "kokoro",
      TTS_VOICE: "af_heart",
    });
    expect([config.stt, config.tts]).toEqual(["openai", "openai"]);
    expect([config.STT_MODEL, config.TTS_MODEL, config.TTS_VOICE]).toEqual([
      "Systran/faster-whisper-small",
      "kokoro",
      "af_heart",
    ]);
    expect(config.CALL_MAX_MINUTES).toBe(15);
    expect(agentConfig({ ...base, CALL_MAX_MINUTES: "5" }).CALL_MAX_MINUTES).toBe(5);
  });

  it("drafts the reply after a short silence and confirms the turn after a second, unless told otherwise", () => {
    const config = agentConfig({ ...base });
    expect([config.VAD_MIN_SILENCE_MS, config.ENDPOINTING_MIN_DELAY_MS]).toEqual([200, 1000]);
    expect([config.PREEMPTIVE_GENERATION, config.PREEMPTIVE_TTS, config.TTS_FIRST_CLAUSE]).toEqual([true, true, true]);
    const before = agentConfig({
      ...base,
      VAD_MIN_SILENCE_MS: "300",
      ENDPOINTING_MIN_DELAY_MS: "300",
      PREEMPTIVE_TTS: "false",
      TTS_FIRST_CLAUSE: "false",
    });
    expect([before.VAD_MIN_SILENCE_MS, before.ENDPOINTING_MIN_DELAY_MS]).toEqual([300, 300]);
    expect([before.PREEMPTIVE_TTS, before.TTS_FIRST_CLAUSE]).toEqual([false, false]);
  });

  it("plays the persona on ANTHROPIC_MODEL_PERSONA when set (as the app does), else ANTHROPIC_MODEL", () => {
    expect(agentConfig({ ...base }).personaModel).toBe("claude-sonnet-5-5");
    expect(agentConfig({ ...base, ANTHROPIC_MODEL: "qwen3:8b" }).personaModel).toBe("qwen3:8b");
    const local = agentConfig({
      ...base,
      ANTHROPIC_BASE_URL: "http://127.0.0.1:11434",
      ANTHROPIC_API_KEY: "none",
      ANTHROPIC_MODEL: "qwen3:32b",
      ANTHROPIC_MODEL_PERSONA: "qwen3:8b",
    });
    expect([local.personaModel, local.ANTHROPIC_BASE_URL]).toEqual(["qwen3:8b", "http://127.0.0.1:11434"]);
    expect(() => agentConfig({ ...base, ANTHROPIC_API_KEY: undefined })).toThrow(/any placeholder/);
  });

  it("refuses to start without the keys it needs", () => {
    expect(() => agentConfig({ ...base, DEEPGRAM_API_KEY: undefined })).toThrow(/STT_BASE_URL.*DEEPGRAM_API_KEY/);
    expect(() => agentConfig({ ...base, AGENT_TTS: "elevenlabs" })).toThrow(/ELEVEN_API_KEY/);
    expect(() => agentConfig({ ...base, AGENT_SECRET: "short" })).toThrow(/AGENT_SECRET/);
    expect(() => agentConfig({ ...base, ANTHROPIC_API_KEY: undefined })).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => agentConfig({ ...base, AGENT_STT: "openai" })).toThrow(/AGENT_STT=openai needs STT_BASE_URL/);
  });

  it("lists every missing setting at once, LiveKit's included (the worker must not register without them)", () => {
    try {
      agentConfig({ ANTHROPIC_API_KEY: "k" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AgentConfigError);
      const message = (err as Error).message;
      for (const name of ["LIVEKIT_URL", "LIVEKIT_API_KEY", "LIVEKIT_API_SECRET", "AGENT_SECRET"])
        expect(message).toContain(name);
    }
  });
});
