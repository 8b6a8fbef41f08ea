import { z } from "zod";

const optional = z.string().trim().min(1).optional().catch(undefined);
const NEEDS_KEY =
  "ANTHROPIC_API_KEY is required: the model plays the persona (a self-hosted endpoint that needs no key takes any placeholder, e.g. none)";
const ms = (fallback: number) => z.coerce.number().int().min(0).max(10_000).default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false"])
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true");

const schema = z.object({
  LIVEKIT_URL: z
    .string({ error: "LIVEKIT_URL is required (ws://127.0.0.1:7880 for a local livekit-server --dev)" })
    .min(1),
  LIVEKIT_API_KEY: z.string({ error: "LIVEKIT_API_KEY is required" }).min(1),
  LIVEKIT_API_SECRET: z.string({ error: "LIVEKIT_API_SECRET is required" }).min(1),
  APP_URL: z.url().default("http://127.0.0.1:3000"),
  AGENT_SECRET: z
    .string({ error: "AGENT_SECRET is required (the same value the app has)" })
    .min(16, "AGENT_SECRET must be at least 16 characters (the same value the app has)"),
  PERSONA_AGENT_NAME: z.string().default("parley-persona"),
  ANTHROPIC_API_KEY: z.string({ error: NEEDS_KEY }).min(1, NEEDS_KEY),
  ANTHROPIC_BASE_URL: optional,
  ANTHROPIC_MODEL: z.string().default("claude-sonnet-5-5"),
  // The persona's own model (as in the app); ANTHROPIC_MODEL when unset.
  ANTHROPIC_MODEL_PERSONA: optional,
  AGENT_STT: z.enum(["deepgram", "openai"]).optional(),
  AGENT_TTS: z.enum(["elevenlabs", "deepgram", "openai"]).optional(),
  DEEPGRAM_API_KEY: optional,
  ELEVEN_API_KEY: optional,
  ELEVEN_VOICE_ID: optional,
  // Any OpenAI-compatible audio API: OpenAI itself, or a local Whisper / TTS server.
  STT_BASE_URL: z.url().optional(),
  STT_API_KEY: optional,
  STT_MODEL: z.string().default("whisper-1"),
  STT_LANGUAGE: z.string().default("en"),
  TTS_BASE_URL: z.url().optional(),
  TTS_API_KEY: optional,
  TTS_MODEL: z.string().default("tts-1"),
  TTS_VOICE: z.string().default("alloy"),
  TTS_SPEED: z.coerce.number().min(0.25).max(4).default(1),
  CALL_MAX_MINUTES: z.coerce.number().positive().max(120).default(15),
  // Turn-taking, chosen with `npm run bench:voice` and the labelled pauses of bench/voice-pauses.json
  // (bench/RESULTS.md, issue 26): after 200 ms of silence the transcript and a draft reply (text and
  // audio) are made; the turn is confirmed, and the draft played, after 1 s without speech, so a
  // learner's pause shorter than that does not cut them off, and the wait hides behind the draft.
  VAD_MIN_SILENCE_MS: ms(200),
  ENDPOINTING_MIN_DELAY_MS: ms(1000),
  PREEMPTIVE_GENERATION: flag(true),
  PREEMPTIVE_TTS: flag(true),
  // Send a reply's first clause to a whole-text TTS (OpenAI-compatible) as soon as it is written.
  TTS_FIRST_CLAUSE: flag(true),
});

export type AgentConfig = z.output<typeof schema> & {
  stt: "deepgram" | "openai";
  tts: "elevenlabs" | "deepgram" | "openai";
  /** The model that plays the persona: ANTHROPIC_MODEL_PERSONA, else ANTHROPIC_MODEL. */
  personaModel: string;
};

/** Thrown with every problem at once, one per line, so an operator fixes the environment in one go. */
export class AgentConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The persona agent cannot start:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/**
 * The worker's settings, parsed once at start. Speech-to-text: an OpenAI-compatible endpoint when
 * STT_BASE_URL is set (a local Whisper server keeps student audio on the school's machines),
 * otherwise Deepgram. Text-to-speech: an OpenAI-compatible endpoint when TTS_BASE_URL is set,
 * otherwise ElevenLabs when ELEVEN_API_KEY is set, otherwise Deepgram Aura. AGENT_STT / AGENT_TTS force a choice.
 */
export function agentConfig(source: Record<string, string | undefined> = process.env): AgentConfig {
  const parsed = schema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) =>
        i.path.length && !i.message.includes(String(i.path[0])) ? `${String(i.path[0])}: ${i.message}` : i.message,
      );
  if (!parsed.success) throw new AgentConfigError(problems);
  const config = parsed.data;
  const stt = config.AGENT_STT ?? (config.STT_BASE_URL ? "openai" : "deepgram");
  const tts = config.AGENT_TTS ?? (config.TTS_BASE_URL ? "openai" : config.ELEVEN_API_KEY ? "elevenlabs" : "deepgram");
  if (stt === "deepgram" && !config.DEEPGRAM_API_KEY)
    problems.push("Speech-to-text needs STT_BASE_URL (an OpenAI-compatible server) or DEEPGRAM_API_KEY");
  if (stt === "openai" && !config.STT_BASE_URL && !config.STT_API_KEY)
    problems.push("AGENT_STT=openai needs STT_BASE_URL, or STT_API_KEY for api.openai.com");
  if (tts === "deepgram" && !config.DEEPGRAM_API_KEY)
    problems.push(
      "Text-to-speech needs TTS_BASE_URL (an OpenAI-compatible server), ELEVEN_API_KEY or DEEPGRAM_API_KEY",
    );
  if (tts === "elevenlabs" && !config.ELEVEN_API_KEY) problems.push("AGENT_TTS=elevenlabs needs ELEVEN_API_KEY");
  if (tts === "openai" && !config.TTS_BASE_URL && !config.TTS_API_KEY)
    problems.push("AGENT_TTS=openai needs TTS_BASE_URL, or TTS_API_KEY for api.openai.com");
  if (problems.length) throw new AgentConfigError(problems);
  return { ...config, stt, tts, personaModel: config.ANTHROPIC_MODEL_PERSONA ?? config.ANTHROPIC_MODEL };
}
