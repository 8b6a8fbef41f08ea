import type { voice } from "@livekit/agents";
import type { AgentConfig } from "./config";

type Speech = Pick<voice.AgentSessionOptions, "stt" | "tts" | "vad">;

/**
 * Speech plugins chosen by environment. Imported lazily so tests never load them.
 * VAD is Silero: it ships its model (the livekit turn-detector plugin downloads one at run time).
 */
export async function loadSpeech(config: AgentConfig): Promise<Speech> {
  const [deepgram, silero] = await Promise.all([import("@livekit/agents-plugin-deepgram"), import("@livekit/agents-plugin-silero")]);
  const stt = new deepgram.STT({ apiKey: config.DEEPGRAM_API_KEY });
  const tts =
    config.tts === "elevenlabs"
      ? new (await import("@livekit/agents-plugin-elevenlabs")).TTS({ apiKey: config.ELEVEN_API_KEY, voiceId: config.ELEVEN_VOICE_ID })
      : new deepgram.TTS({ apiKey: config.DEEPGRAM_API_KEY });
  return { stt, tts, vad: await silero.VAD.load() };
}
