import { z } from "zod";

const schema = z.object({
  APP_URL: z.url().default("http://127.0.0.1:3000"),
  AGENT_SECRET: z.string().min(16, "AGENT_SECRET must be at least 16 characters (the same value the app has)"),
  PERSONA_AGENT_NAME: z.string().default("parley-persona"),
  ANTHROPIC_API_KEY: z.string().min(1, "ANTHROPIC_API_KEY is required: Claude plays the persona"),
  ANTHROPIC_BASE_URL: z.string().optional(),
  ANTHROPIC_MODEL: z.string().default("claude-sonnet-5-5"),
  AGENT_STT: z.enum(["deepgram"]).default("deepgram"),
  AGENT_TTS: z.enum(["elevenlabs", "deepgram"]).optional(),
  DEEPGRAM_API_KEY: z.string().optional(),
  ELEVEN_API_KEY: z.string().optional(),
  ELEVEN_VOICE_ID: z.string().optional(),
});

export type AgentConfig = z.output<typeof schema> & { tts: "elevenlabs" | "deepgram" };

/**
 * The worker's settings. Speech: Deepgram STT (streaming, one key); TTS from ElevenLabs when
 * ELEVEN_API_KEY is set (the most natural voices), otherwise Deepgram Aura on the same key.
 */
export function agentConfig(source: Record<string, string | undefined> = process.env): AgentConfig {
  const config = schema.parse(source);
  const tts = config.AGENT_TTS ?? (config.ELEVEN_API_KEY ? "elevenlabs" : "deepgram");
  if (!config.DEEPGRAM_API_KEY) throw new Error("DEEPGRAM_API_KEY is required for speech-to-text");
  if (tts === "elevenlabs" && !config.ELEVEN_API_KEY) throw new Error("AGENT_TTS=elevenlabs needs ELEVEN_API_KEY");
  return { ...config, tts };
}
