import { tts, type voice } from "@livekit/agents";

import type { AgentConfig } from "./config";
import { FirstClauseTokenizer } from "./first-clause";

type Speech = Pick<voice.AgentSessionOptions, "stt" | "tts">;

/** Local servers ignore the key, but the OpenAI SDK refuses to start without one. */
const LOCAL_KEY = "not-needed";

/**
 * Speech plugins chosen by configuration, imported lazily so tests never load the ones they do not use.
 * The OpenAI plugin speaks the plain audio API (POST /audio/transcriptions, /audio/speech), which
 * local Whisper and TTS servers implement; its realtime transcription mode is OpenAI-only, so it is off.
 */
export async function loadSpeech(config: AgentConfig): Promise<Speech> {
  return { stt: await loadStt(config), tts: await loadTts(config) };
}

async function loadStt(config: AgentConfig): Promise<Speech["stt"]> {
  if (config.stt === "openai") {
    const openai = await import("@livekit/agents-plugin-openai");
    return new openai.STT({
      baseURL: config.STT_BASE_URL,
      apiKey: config.STT_API_KEY ?? LOCAL_KEY,
      model: config.STT_MODEL,
      language: config.STT_LANGUAGE,
      useRealtime: false,
    });
  }
  const deepgram = await import("@livekit/agents-plugin-deepgram");
  return new deepgram.STT({ apiKey: config.DEEPGRAM_API_KEY });
}

async function loadTts(config: AgentConfig): Promise<Speech["tts"]> {
  if (config.tts === "openai") {
    const openai = await import("@livekit/agents-plugin-openai");
    const speech = new openai.TTS({
      baseURL: config.TTS_BASE_URL,
      apiKey: config.TTS_API_KEY ?? LOCAL_KEY,
      model: config.TTS_MODEL,
      // Local servers name their own voices (Kokoro's af_heart, Piper's en_US-lessac...): passed through as given.
      voice: config.TTS_VOICE as never,
      speed: config.TTS_SPEED,
    });
    // A whole-text API: the framework would cut the reply into sentences; we send the first clause at once.
    return config.TTS_FIRST_CLAUSE ? new tts.StreamAdapter(speech, new FirstClauseTokenizer()) : speech;
  }
  if (config.tts === "elevenlabs") {
    const elevenlabs = await import("@livekit/agents-plugin-elevenlabs");
    return new elevenlabs.TTS({ apiKey: config.ELEVEN_API_KEY, voiceId: config.ELEVEN_VOICE_ID });
  }
  const deepgram = await import("@livekit/agents-plugin-deepgram");
  return new deepgram.TTS({ apiKey: config.DEEPGRAM_API_KEY });
}

/** Silero VAD, loaded once per worker process in prewarm (it ships its model; nothing is downloaded). */
export async function loadVad(config: Pick<AgentConfig, "VAD_MIN_SILENCE_MS">) {
  const silero = await import("@livekit/agents-plugin-silero");
  return silero.VAD.load({ minSilenceDuration: config.VAD_MIN_SILENCE_MS });
}
