import "server-only";

import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * Audio of a real call becomes a transcript through the self-hosted speech endpoint (STT_BASE_URL, an
 * OpenAI-compatible /audio/transcriptions). Speech to text does not say who spoke, so Parley tells the
 * speakers apart the one honest way it can: a stereo recording with one speaker per channel (what call
 * recorders and "record each participant separately" produce). Each channel is transcribed on its own
 * with segment timestamps and the segments are merged in time order. A mono recording is refused.
 */
export const AUDIO_LIMITS = { maxBytes: 50 * 1024 * 1024, maxSeconds: 60 * 60 } as const;
const CHANNEL_NAMES = ["Left channel", "Right channel"];

type Wav = { channels: number; sampleRate: number; bitsPerSample: number; data: Buffer };

const unsupported = () =>
  new AppError(
    "unsupported_media:recording",
    "Audio must be a WAV file (16-bit PCM), recorded in stereo with one speaker on each channel; or upload a transcript.",
  );

/** Reads a RIFF/WAVE file's format and samples; anything else is a 415. */
export function readWav(buf: Buffer): Wav {
  if (buf.length < 44 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") {
    throw unsupported();
  }
  let fmt: Omit<Wav, "data"> | null = null;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString("ascii", at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt ") {
      if (buf.readUInt16LE(body) !== 1) throw unsupported(); // 1 = PCM
      fmt = {
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === "data") {
      if (!fmt || fmt.bitsPerSample !== 16 || fmt.sampleRate === 0) throw unsupported();
      return { ...fmt, data: buf.subarray(body, Math.min(buf.length, body + size)) };
    }
    at = body + size + (size % 2);
  }
  throw unsupported();
}

/** A mono 16-bit WAV of one channel. */
export function channelWav(wav: Wav, channel: number): Buffer {
  const frames = Math.floor(wav.data.length / (2 * wav.channels));
  const out = Buffer.alloc(44 + frames * 2);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + frames * 2, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(wav.sampleRate, 24);
  out.writeUInt32LE(wav.sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++) out.writeInt16LE(wav.data.readInt16LE((i * wav.channels + channel) * 2), 44 + i * 2);
  return out;
}

export const durationOf = (wav: Wav) => wav.data.length / (2 * wav.channels) / wav.sampleRate;

type Segment = { start: number; end: number; text: string };

async function transcribe(wav: Buffer, name: string): Promise<Segment[]> {
  const { STT_BASE_URL, STT_API_KEY, STT_MODEL, STT_LANGUAGE } = env();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), name);
  form.append("model", STT_MODEL);
  form.append("response_format", "verbose_json");
  form.append("timestamp_granularities[]", "segment");
  if (STT_LANGUAGE) form.append("language", STT_LANGUAGE);
  let res: Response;
  try {
    res = await fetch(`${STT_BASE_URL!.replace(/\/+$/, "")}/audio/transcriptions`, {
      method: "POST",
      headers: STT_API_KEY ? { authorization: `Bearer ${STT_API_KEY}` } : {},
      body: form,
      signal: AbortSignal.timeout(5 * 60_000),
    });
  } catch {
    throw new AppError(
      "upstream:speech",
      "The speech service could not be reached; try again, or upload a transcript.",
    );
  }
  if (!res.ok)
    throw new AppError(
      "upstream:speech",
      `The speech service answered ${res.status}; try again, or upload a transcript.`,
    );
  const body = (await res.json().catch(() => null)) as { text?: string; segments?: Partial<Segment>[] } | null;
  if (!body) throw new AppError("upstream:speech", "The speech service's answer was not JSON.");
  const segments = (body.segments ?? [])
    .filter((s) => typeof s.text === "string" && typeof s.start === "number" && typeof s.end === "number")
    .map((s) => ({ start: s.start!, end: s.end!, text: s.text!.trim() }))
    .filter((s) => s.text);
  // A server that ignores segment timestamps still says what was said: one segment without timing.
  if (segments.length === 0 && body.text?.trim()) return [{ start: 0, end: 0, text: body.text.trim() }];
  return segments;
}

/** Transcribes a stereo call recording into the grading JSON's turns, one speaker per channel. Stores nothing. */
export async function transcribeCall(audio: Buffer, filename: string) {
  if (!env().STT_BASE_URL) {
    throw new AppError(
      "unavailable:speech",
      "Audio upload needs a speech endpoint (STT_BASE_URL); upload a transcript instead.",
    );
  }
  if (audio.length === 0) throw new AppError("bad_request:recording", "The file is empty.");
  if (audio.length > AUDIO_LIMITS.maxBytes) {
    throw new AppError(
      "too_large:recording",
      `The recording is larger than ${AUDIO_LIMITS.maxBytes / 1024 / 1024} MB.`,
    );
  }
  const wav = readWav(audio);
  if (wav.channels !== 2) {
    throw new AppError(
      "invalid:recording",
      "A mono recording cannot tell the speakers apart: record the call in stereo with one speaker per channel, or upload a transcript with speaker labels.",
    );
  }
  const seconds = durationOf(wav);
  if (seconds > AUDIO_LIMITS.maxSeconds) {
    throw new AppError(
      "invalid:recording",
      `The recording lasts over ${AUDIO_LIMITS.maxSeconds / 60} minutes; upload a shorter one.`,
    );
  }
  const base = filename.replace(/\.[^.]+$/, "") || "call";
  const perChannel = await Promise.all(
    CHANNEL_NAMES.map((_, c) => transcribe(channelWav(wav, c), `${base}-channel-${c + 1}.wav`)),
  );
  const turns = perChannel
    .flatMap((segments, c) =>
      segments.map((s) => ({ speaker: CHANNEL_NAMES[c], text: s.text, started_at: s.start, ended_at: s.end })),
    )
    .sort((a, b) => a.started_at - b.started_at);
  if (turns.length === 0) throw new AppError("invalid:recording", "No speech was found in the recording.");
  return {
    content: JSON.stringify({ turns }, null, 1),
    filename: `${base}.json`,
    duration_seconds: Math.round(seconds),
  };
}

/** The `audio` file of a multipart upload, refused past the size limit before it is all read. */
export async function readAudioUpload(req: Request): Promise<{ audio: Buffer; filename: string }> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError(
      "unsupported_media:recording",
      'Send the recording as multipart/form-data in a field named "audio".',
    );
  }
  const limit = AUDIO_LIMITS.maxBytes + 64 * 1024;
  const tooLarge = () =>
    new AppError("too_large:recording", `The recording is larger than ${AUDIO_LIMITS.maxBytes / 1024 / 1024} MB.`);
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > limit) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request:recording", "The upload is not well-formed multipart/form-data.");
  }
  const file = form.get("audio");
  if (!(file instanceof Blob))
    throw new AppError("bad_request:recording", 'The upload has no file in the field "audio".');
  const filename = (file as File).name?.slice(0, 200) || "call.wav";
  return { audio: Buffer.from(await file.arrayBuffer()), filename };
}
