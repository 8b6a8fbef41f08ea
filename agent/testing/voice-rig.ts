import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ReadableStream, type ReadableStreamDefaultController } from "node:stream/web";

import { voice } from "@livekit/agents";
import { AudioFrame } from "@livekit/rtc-node";

/**
 * Offline voice pipeline rig, shared by tests/agent/pipeline.test.ts and bench/voice.ts: real speech
 * audio (espeak-ng), stand-ins that speak the OpenAI audio API and the Anthropic Messages API with
 * fixed, known latency, a paced microphone and a recording speaker for voice.AgentSession.
 */

export type Latency = { sttMs: number; llmFirstTokenMs: number; llmTokensPerSecond: number; ttsFirstAudioMs: number };

export const SAMPLE_RATE = 16_000;
const FRAME_MS = 20;
const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000;

// ---- speech audio -------------------------------------------------------------------------

/** Speech for `text` as 16 kHz mono PCM, spoken by espeak-ng and trimmed of silence by sox (cached by text). */
export function speechSamples(
  text: string,
  cacheDir = path.join(process.cwd(), "test-results", "voice-audio"),
): Int16Array {
  for (const tool of ["espeak-ng", "sox"]) {
    try {
      execFileSync("which", [tool], { stdio: "ignore" });
    } catch {
      throw new Error(
        `${tool} is not installed: run \`npm run setup\` once (it installs espeak-ng and sox) or apt-get install espeak-ng sox`,
      );
    }
  }
  mkdirSync(cacheDir, { recursive: true });
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60);
  const raw = path.join(cacheDir, `${slug}.espeak.wav`);
  const wav = path.join(cacheDir, `${slug}.wav`);
  if (!existsSync(wav)) {
    execFileSync("espeak-ng", ["-v", "en-us", "-s", "165", "-w", raw, text]);
    // 16 kHz mono, silence trimmed at both ends: the file ends exactly where the speech does.
    execFileSync("sox", [
      raw,
      "-r",
      String(SAMPLE_RATE),
      "-c",
      "1",
      "-b",
      "16",
      wav,
      "silence",
      "1",
      "0.02",
      "0.5%",
      "reverse",
      "silence",
      "1",
      "0.02",
      "0.5%",
      "reverse",
    ]);
  }
  return readWavPcm16(readFileSync(wav));
}

/** The 16-bit PCM samples of a WAV file. */
export function readWavPcm16(buf: Buffer): Int16Array {
  let offset = 12;
  while (offset < buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === "data")
      return new Int16Array(buf.buffer.slice(buf.byteOffset + offset + 8, buf.byteOffset + offset + 8 + size));
    offset += 8 + size;
  }
  throw new Error("WAV without a data chunk");
}

// ---- session input and output -------------------------------------------------------------

/**
 * A microphone for the session: 20 ms frames at real-time pace, silence between utterances. Each
 * frame is delivered when it would have been fully captured, so `say()` resolves with the wall-clock
 * time at which the learner stopped speaking.
 */
export class PacedMicrophone extends voice.AudioInput {
  #queue: Int16Array[] = [];
  #waiting: (() => void)[] = [];
  #controller!: ReadableStreamDefaultController<AudioFrame>;
  #timer: NodeJS.Timeout | null = null;
  #frame = 0;
  #t0 = 0;

  constructor() {
    super();
    this.multiStream.addInputStream(new ReadableStream<AudioFrame>({ start: (c) => void (this.#controller = c) }));
  }

  start() {
    this.#t0 = performance.now();
    const tick = () => {
      const next = this.#queue.shift();
      const samples = next ?? new Int16Array(FRAME_SAMPLES);
      this.#controller.enqueue(new AudioFrame(samples, SAMPLE_RATE, 1, FRAME_SAMPLES));
      if (next && this.#queue.length === 0) this.#waiting.splice(0).forEach((done) => done());
      this.#frame++;
      this.#timer = setTimeout(tick, Math.max(0, this.#t0 + (this.#frame + 1) * FRAME_MS - performance.now()));
    };
    this.#timer = setTimeout(tick, FRAME_MS);
  }

  /** Queues an utterance; resolves at the wall-clock moment (Date.now()) its last frame was delivered. */
  say(samples: Int16Array): Promise<number> {
    for (let i = 0; i < samples.length; i += FRAME_SAMPLES) {
      const frame = new Int16Array(FRAME_SAMPLES);
      frame.set(samples.subarray(i, Math.min(samples.length, i + FRAME_SAMPLES)));
      this.#queue.push(frame);
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(Date.now())));
  }

  async close() {
    if (this.#timer) clearTimeout(this.#timer);
    try {
      this.#controller.close();
    } catch {
      // already closed
    }
    await super.close();
  }
}

/** A speaker that records when each reply's first audio frame came out and how much audio there was. */
export class RecordingSpeaker extends voice.AudioOutput {
  readonly segments: { firstFrameAt: number; samples: number; sampleRate: number }[] = [];
  #open = false;

  constructor() {
    super(24_000);
  }

  async captureFrame(frame: AudioFrame) {
    if (!this.#open) {
      this.#open = true;
      this.segments.push({ firstFrameAt: Date.now(), samples: 0, sampleRate: frame.sampleRate });
      this.onPlaybackStarted(Date.now());
    }
    this.segments.at(-1)!.samples += frame.samplesPerChannel;
    await super.captureFrame(frame);
  }

  flush() {
    super.flush();
    if (!this.#open) return;
    this.#open = false;
    const seg = this.segments.at(-1)!;
    // Played out at once: the rig measures time to first audio, not listening time.
    this.onPlaybackFinished({ playbackPosition: seg.samples / seg.sampleRate, interrupted: false });
  }

  clearBuffer() {
    if (!this.#open) return;
    this.#open = false;
    this.onPlaybackFinished({ playbackPosition: 0, interrupted: true });
  }
}

// ---- stand-ins ------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function listen(server: Server) {
  // Counts TCP connections opened to the stand-in: a client that keeps its connections warm opens few.
  server.on("connection", () => (connectionsOpened.get(server)!.count += 1));
  connectionsOpened.set(server, { count: 0 });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const connectionsOpened = new WeakMap<Server, { count: number }>();
const opened = (server: Server) => () => connectionsOpened.get(server)?.count ?? 0;

const close = (server: Server) => () =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

export type SttRequest = { at: number; answeredAt: number; audioBytes: number; text: string };
export type TtsRequest = { at: number; answeredAt: number; text: string; voice: string; model: string };

/**
 * The OpenAI audio API, as a local Whisper or TTS server serves it. Transcription answers
 * `transcriptOf(n)` for the n-th request after `sttMs` (a stand-in does not recognise speech, so the
 * test knows what was said); speech answers 24 kHz 16-bit PCM (a quiet tone, 55 ms per character) after `ttsFirstAudioMs`.
 */
export async function startSpeechStandIn(
  latency: Pick<Latency, "sttMs" | "ttsFirstAudioMs">,
  transcriptOf: (n: number) => string,
) {
  const stt: SttRequest[] = [];
  const tts: TtsRequest[] = [];
  const server = createServer(async (req, res) => {
    const at = Date.now();
    const body = await readBody(req);
    if (req.url?.endsWith("/audio/transcriptions")) {
      const text = transcriptOf(stt.length);
      const entry = { at, answeredAt: 0, audioBytes: body.length, text };
      stt.push(entry);
      await sleep(latency.sttMs - (Date.now() - at));
      entry.answeredAt = Date.now();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text }));
      return;
    }
    if (req.url?.endsWith("/audio/speech")) {
      const { input, voice: v, model } = JSON.parse(body.toString("utf8"));
      const entry = { at, answeredAt: 0, text: String(input), voice: String(v), model: String(model) };
      tts.push(entry);
      const samples = Math.max(2400, Math.round(String(input).length * 0.055 * 24_000));
      const pcm = new Int16Array(samples).map((_, i) => Math.round(2000 * Math.sin((2 * Math.PI * 220 * i) / 24_000)));
      await sleep(latency.ttsFirstAudioMs - (Date.now() - at));
      entry.answeredAt = Date.now();
      res.writeHead(200, { "content-type": "audio/pcm" }).end(Buffer.from(pcm.buffer));
      return;
    }
    res.writeHead(404).end();
  });
  return { url: `${await listen(server)}/v1`, stt, tts, connections: opened(server), close: close(server) };
}

export type ClaudeRequest = {
  at: number;
  firstTokenAt: number;
  doneAt: number;
  text: string;
  tools: string[];
  system: string;
};
export type ClaudeScript = { text: string; endCall?: boolean };

/**
 * The Anthropic Messages API, streaming: the first text token after `llmFirstTokenMs`, then one
 * ~4-character token every 1000/llmTokensPerSecond ms; with `endCall`, a tool_use block for end_call follows the text.
 */
export async function startClaudeStandIn(
  latency: Pick<Latency, "llmFirstTokenMs" | "llmTokensPerSecond">,
  reply: (n: number) => ClaudeScript,
) {
  const requests: ClaudeRequest[] = [];
  const server = createServer(async (req, res) => {
    const at = Date.now();
    const body = JSON.parse((await readBody(req)).toString("utf8"));
    const script = reply(requests.length);
    const entry: ClaudeRequest = {
      at,
      firstTokenAt: 0,
      doneAt: 0,
      text: script.text,
      tools: (body.tools ?? []).map((t: { name: string }) => t.name),
      system: String(body.system ?? ""),
    };
    requests.push(entry);
    let closed = false;
    res.on("close", () => (closed = true));
    const send = (event: string, data: object) =>
      !closed && res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    send("message_start", {
      message: {
        id: "msg_standin",
        type: "message",
        role: "assistant",
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 1 },
      },
    });
    await sleep(latency.llmFirstTokenMs - (Date.now() - at));
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    const tokens = script.text.match(/.{1,4}/gs) ?? [];
    const t0 = Date.now();
    for (const [i, token] of tokens.entries()) {
      if (closed) break;
      await sleep(t0 + (i * 1000) / latency.llmTokensPerSecond - Date.now());
      if (i === 0) entry.firstTokenAt = Date.now();
      send("content_block_delta", { index: 0, delta: { type: "text_delta", text: token } });
    }
    send("content_block_stop", { index: 0 });
    if (script.endCall) {
      send("content_block_start", {
        index: 1,
        content_block: { type: "tool_use", id: "toolu_standin", name: "end_call", input: {} },
      });
      send("content_block_delta", { index: 1, delta: { type: "input_json_delta", partial_json: "{}" } });
      send("content_block_stop", { index: 1 });
    }
    send("message_delta", {
      delta: { stop_reason: script.endCall ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: tokens.length },
    });
    send("message_stop", {});
    entry.doneAt = Date.now();
    res.end();
  });
  return { url: await listen(server), requests, connections: opened(server), close: close(server) };
}
