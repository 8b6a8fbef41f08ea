import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible speech-to-text server (POST /v1/audio/transcriptions,
 * multipart, `response_format=verbose_json` with segment timestamps), as a self-hosted Whisper
 * server speaks it. It really listens: it finds the voiced stretches of the WAV it is sent (energy
 * over 20 ms windows) and "recognises" each by its pitch, through a table from tone to phrase, so
 * the timings and the words come from the audio, not from the test.
 */
export type SttRequest = {
  model: string;
  format: string;
  granularities: string[];
  language: string | null;
  auth: string | null;
  filename: string;
};

/** A 16-bit PCM WAV of the given channels' samples (each a Float32 array of -1..1). */
export function wavOf(channels: Float32Array[], sampleRate: number): Buffer {
  const frames = channels[0].length;
  const out = Buffer.alloc(44 + frames * channels.length * 2);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + frames * channels.length * 2, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels.length, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels.length * 2, 28);
  out.writeUInt16LE(channels.length * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(frames * channels.length * 2, 40);
  for (let i = 0; i < frames; i++)
    channels.forEach((ch, c) => out.writeInt16LE(Math.round(ch[i] * 32767), 44 + (i * channels.length + c) * 2));
  return out;
}

/** A channel of `seconds` silence with tones of `hz` from `from` to `to` seconds. */
export function toneTrack(seconds: number, sampleRate: number, tones: { from: number; to: number; hz: number }[]) {
  const track = new Float32Array(Math.round(seconds * sampleRate));
  for (const t of tones)
    for (let i = Math.round(t.from * sampleRate); i < Math.round(t.to * sampleRate); i++)
      track[i] = 0.5 * Math.sin((2 * Math.PI * t.hz * i) / sampleRate);
  return track;
}

function voiced(wav: Buffer): { start: number; end: number; hz: number }[] {
  const channels = wav.readUInt16LE(22);
  const rate = wav.readUInt32LE(24);
  const data = wav.subarray(44);
  const frames = data.length / (2 * channels);
  const win = Math.round(rate * 0.02);
  const out: { start: number; end: number; crossings: number; samples: number }[] = [];
  let current: (typeof out)[number] | null = null;
  for (let w = 0; w * win < frames; w++) {
    let energy = 0;
    let crossings = 0;
    let prev = 0;
    const n = Math.min(win, frames - w * win);
    for (let i = 0; i < n; i++) {
      const v = data.readInt16LE((w * win + i) * channels * 2) / 32768;
      energy += v * v;
      if (i > 0 && prev < 0 !== v < 0) crossings++;
      prev = v;
    }
    const loud = energy / n > 0.01;
    if (loud && !current) current = { start: (w * win) / rate, end: 0, crossings: 0, samples: 0 };
    if (loud && current) {
      current.crossings += crossings;
      current.samples += n;
      current.end = (w * win + n) / rate;
    }
    if (!loud && current) {
      out.push(current);
      current = null;
    }
  }
  if (current) out.push(current);
  return out.map((s) => ({
    start: Math.round(s.start * 100) / 100,
    end: Math.round(s.end * 100) / 100,
    hz: Math.round(s.crossings / 2 / (s.samples / rate) / 50) * 50,
  }));
}

export async function startSttStub(phrases: Record<number, string>, opts: { status?: number } = {}) {
  const requests: SttRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/audio/transcriptions")) {
      res.writeHead(404).end();
      return;
    }
    const form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": req.headers["content-type"] ?? "" },
    }).formData();
    const file = form.get("file") as File;
    requests.push({
      model: String(form.get("model")),
      format: String(form.get("response_format")),
      granularities: form.getAll("timestamp_granularities[]").map(String),
      language: form.get("language") as string | null,
      auth: req.headers.authorization ?? null,
      filename: file.name,
    });
    if (opts.status) {
      res.writeHead(opts.status, { "content-type": "application/json" }).end('{"error":{"message":"busy"}}');
      return;
    }
    const segments = voiced(Buffer.from(await file.arrayBuffer())).map((s, id) => ({
      id,
      start: s.start,
      end: s.end,
      text: ` ${phrases[s.hz] ?? "(inaudible)"}`,
    }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ task: "transcribe", language: "english", text: segments.map((s) => s.text).join(""), segments }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
