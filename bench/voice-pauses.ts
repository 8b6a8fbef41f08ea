/**
 * A labelled set of learner pauses for choosing the voice agent's turn-taking settings (issue 26).
 *
 *   node --import tsx bench/voice-pauses.ts generate   # renders the set, rewrites bench/voice-pauses.json (then prettier --write it)
 *   node --import tsx bench/voice-pauses.ts sweep      # false cut-offs and end-of-turn delay per setting
 *
 * Each utterance is a learner's line spoken by espeak-ng in parts, with silence (sox) inserted
 * between the parts: a pause in the middle of a sentence, which must NOT end the turn. After the
 * last part the turn really ends. The labels (bench/voice-pauses.json) are the data: where each
 * part's speech starts and ends, each mid-sentence pause, and where the turn ends, in ms of the
 * rendered audio. Half the pauses follow a part spoken with a comma (espeak's rising, "more to
 * come" contour), half a part spoken as if finished (falling), which is the hard case for a model.
 *
 * `sweep` feeds the audio through Silero VAD (the agent's VAD, as fast as it runs) and, for the
 * settings with a model, LiveKit's local end-of-turn model (turn-detector-v1-mini from
 * @livekit/local-inference, which @livekit/agents 1.9 ships and loads offline), then applies the
 * rule agents 1.9 applies (voice/audio_recognition.ts): when the VAD reports the end of speech,
 * the turn is committed `delay` ms after the last speech, where delay is minDelay, or maxDelay
 * when the model's probability is under its threshold; speech that starts again first cancels it.
 * A commit inside a labelled mid-sentence pause is a false cut-off.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ReadableStream } from "node:stream/web";

import { AudioFrame } from "@livekit/rtc-node";

import { readWavPcm16 } from "@/agent/testing/voice-rig";

import { createRandom } from "./prng";

export const SAMPLE_RATE = 16_000;
const LEAD_MS = 300;
const TAIL_MS = 3000;
const LABELS = path.join(process.cwd(), "bench", "voice-pauses.json");
const CACHE = path.join(process.cwd(), "test-results", "voice-pauses");

/** Learner lines from sales discovery calls; `|` marks where the learner hesitates mid-sentence. */
const LINES = [
  "I was wondering if | we could talk about your shipping process",
  "How do you decide | which orders ship first on a busy day",
  "What happens when | a truck leaves before the orders are packed",
  "Who else on your team | feels that pain every week",
  "If we could fix | the cut off problem what would that be worth to you",
  "Would a short review with | your shift leads next Tuesday work",
  "So the main thing I heard is | that late orders cost you customers",
  "Could you tell me a bit more about | how the night shift hands over",
  "And when that happens | who has to call the customer",
  "I think what we could do | is look at one warehouse first",
  "Before we go on | can I ask how many orders you ship a day",
  "That makes sense and | I would like to understand the budget side",
  "What would it mean for | your team if the backlog was gone",
  "We work with | a few distributors your size in the region",
  "Is it fair to say that | the peak weeks are the hardest",
  "How long has | this been going on",
  "If I understood you | correctly the carrier sets the cut off",
  "Can we | set up a call with your operations lead",
  "What have you | tried so far to fix it",
  "I noticed that | you opened a third site last year",
  "Do you | decide this alone or with finance",
  "My goal for today is to | see whether we are a fit at all",
  "Which of those | problems costs you the most",
  "Would it help if | I sent a short summary after this call",
];
const PAUSES_MS = [250, 400, 550, 700, 900, 1200];

export type Item = {
  id: string;
  text: string;
  parts: string[];
  /** The pause after parts[i], i < parts.length - 1. */
  pauses: { ms: number; contour: "rising" | "falling" }[];
  /** Labels, in ms from the start of the rendered audio. */
  speech: [number, number][];
  midPauses: [number, number][];
  turnEndMs: number;
  totalMs: number;
};

function need(tool: string) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    throw new Error(`${tool} is not installed: apt-get install espeak-ng sox`);
  }
}

/** One part as 16 kHz mono PCM, spoken by espeak-ng and trimmed of silence at both ends by sox (cached by item and part). */
function renderPart(text: string, file: string) {
  if (existsSync(file)) return readWavPcm16(readFileSync(file));
  const raw = `${file}.espeak.wav`;
  execFileSync("espeak-ng", ["-v", "en-us", "-s", "165", "-w", raw, text]);
  execFileSync("sox", [
    raw,
    ...["-r", String(SAMPLE_RATE), "-c", "1", "-b", "16", file],
    ...["silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse"],
  ]);
  return readWavPcm16(readFileSync(file));
}

const silence = (ms: number) => new Int16Array(Math.round((ms * SAMPLE_RATE) / 1000));
const msOf = (samples: number) => Math.round((samples * 1000) / SAMPLE_RATE);

/** The audio of one item: lead silence, the parts with their pauses, tail silence; and its labels. */
export function renderItem(item: Pick<Item, "id" | "parts" | "pauses">) {
  need("espeak-ng");
  need("sox");
  mkdirSync(CACHE, { recursive: true });
  const chunks: Int16Array[] = [silence(LEAD_MS)];
  const speech: [number, number][] = [];
  const midPauses: [number, number][] = [];
  let at = chunks[0].length;
  item.parts.forEach((part, i) => {
    const pause = item.pauses[i];
    // A part followed by a rising pause is spoken with a comma: espeak's continuation contour.
    const said = pause?.contour === "rising" ? `${part},` : part;
    const pcm = renderPart(said, path.join(CACHE, `${item.id}-${i}-${pause?.contour ?? "end"}.wav`));
    chunks.push(pcm);
    speech.push([msOf(at), msOf(at + pcm.length)]);
    at += pcm.length;
    if (pause) {
      const gap = silence(pause.ms);
      chunks.push(gap);
      midPauses.push([msOf(at), msOf(at + gap.length)]);
      at += gap.length;
    }
  });
  chunks.push(silence(TAIL_MS));
  const pcm = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    pcm.set(c, offset);
    offset += c.length;
  }
  return { pcm, speech, midPauses, turnEndMs: speech.at(-1)![1], totalMs: msOf(pcm.length) };
}

function generate() {
  rmSync(CACHE, { recursive: true, force: true });
  const random = createRandom(26);
  // Each line twice: two pause lengths, and the two contours, so every length and contour is as common.
  const items: Item[] = LINES.flatMap((line, n) => {
    const parts = line.split("|").map((p) => p.trim());
    const contour = random.chance(0.5) ? ("rising" as const) : ("falling" as const);
    return (["a", "b"] as const).map((variant) => {
      const pauses = parts.slice(1).map(() => ({
        ms: PAUSES_MS[(n + (variant === "a" ? 0 : 3)) % PAUSES_MS.length],
        contour: variant === "a" ? contour : contour === "rising" ? ("falling" as const) : ("rising" as const),
      }));
      const id = `p${String(n + 1).padStart(2, "0")}${variant}`;
      const { speech, midPauses, turnEndMs, totalMs } = renderItem({ id, parts, pauses });
      return { id, text: parts.join(" "), parts, pauses, speech, midPauses, turnEndMs, totalMs };
    });
  });
  const lines = items.map((item) => `    ${JSON.stringify(item)}`).join(",\n");
  writeFileSync(LABELS, `{\n  "sampleRate": ${SAMPLE_RATE},\n  "items": [\n${lines}\n  ]\n}\n`);
  console.log(
    `${items.length} utterances, ${items.reduce((n, i) => n + i.midPauses.length, 0)} mid-sentence pauses -> ${LABELS}`,
  );
}

export function loadLabels(): Item[] {
  return (JSON.parse(readFileSync(LABELS, "utf8")) as { items: Item[] }).items;
}

// ---- sweep --------------------------------------------------------------------------------

type VadEvent = { type: "start" | "end" | "tick"; atMs: number; silenceMs: number };
export type TurnRule = {
  name: string;
  activationThreshold: number;
  minSilenceMs: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** The end-of-turn model's threshold (its shipped English threshold is 0.36); none: VAD only. */
  eotThreshold?: number;
};

/** The local end-of-turn model @livekit/agents 1.9 runs in its inference process (loaded from the agents package). */
export function loadEotModel(): { predict(pcm: Int16Array): Promise<number> } {
  const fromAgents = createRequire(createRequire(import.meta.url).resolve("@livekit/agents"));
  const mod = fromAgents("@livekit/local-inference") as { predict(pcm: Int16Array): Promise<number>; initEot(): void };
  mod.initEot();
  return mod;
}

const WINDOW = 512; // Silero's inference window at 16 kHz (32 ms)
const WINDOW_MS = (WINDOW * 1000) / SAMPLE_RATE;

/**
 * Silero's smoothed speech probability for every 32 ms window of the item, from the agent's VAD
 * plugin itself (fed as fast as it runs). The probabilities do not depend on the thresholds, so
 * one pass serves every setting: `vadEvents` replays the plugin's state machine on them.
 */
async function vadProbabilities(vad: import("@livekit/agents").VAD, pcm: Int16Array) {
  const { VADEventType } = await import("@livekit/agents");
  const stream = vad.stream();
  const frame = SAMPLE_RATE / 50;
  stream.updateInputStream(
    new ReadableStream<AudioFrame>({
      start(controller) {
        // 200 ms of silence after the audio, so the plugin surely reaches the audio's last window.
        for (let i = 0; i < pcm.length + SAMPLE_RATE / 5; i += frame) {
          const samples = new Int16Array(frame);
          if (i < pcm.length) samples.set(pcm.subarray(i, Math.min(pcm.length, i + frame)));
          controller.enqueue(new AudioFrame(samples, SAMPLE_RATE, 1, frame));
        }
      },
    }),
  );
  const probs: number[] = [];
  // The stream does not end with its input; read until the audio's last window, or until it has been
  // quiet for a second (it can stall on the padding; the tail of every item is seconds of silence).
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      stream.next(),
      new Promise<null>((r) => (timer = setTimeout(() => r(null), 1000))),
    ]);
    clearTimeout(timer);
    if (next === null || next.done) break;
    const ev = next.value;
    if (ev.type !== VADEventType.INFERENCE_DONE) continue;
    probs.push(ev.probability);
    if (ev.samplesIndex + WINDOW > pcm.length) break; // the last full window of the audio
  }
  stream.close();
  return probs;
}

/** The Silero plugin's (agents-plugin-silero 1.9) speech state machine, on recorded probabilities. */
function vadEvents(probs: number[], activationThreshold: number, minSilenceMs: number, minSpeechMs = 50) {
  const events: VadEvent[] = [];
  let speaking = false;
  let ticked = false;
  let speech = 0;
  let silence = 0;
  probs.forEach((p, k) => {
    const atMs = (k + 1) * WINDOW_MS;
    // agents 1.9 asks the end-of-turn model once 200 ms of raw silence has accumulated (MIN_SILENCE_DURATION_MS).
    if (speaking && !ticked && silence >= 200) {
      ticked = true;
      events.push({ type: "tick", atMs, silenceMs: silence });
    }
    if (p > activationThreshold) {
      speech += WINDOW_MS;
      silence = 0;
      if (!speaking && speech >= minSpeechMs) {
        speaking = true;
        ticked = false;
        events.push({ type: "start", atMs, silenceMs: 0 });
      }
    } else {
      silence += WINDOW_MS;
      speech = 0;
      if (speaking && silence > minSilenceMs) {
        speaking = false;
        events.push({ type: "end", atMs, silenceMs: silence });
      }
    }
  });
  return events;
}

export type ItemOutcome = { cutOffs: number; pauses: number; endDelayMs: number | null; missedEnd: boolean };

/** Applies one turn rule to one item: how many mid-sentence pauses it cut, and when it ended the real turn. */
export async function judge(
  item: Item,
  pcm: Int16Array,
  rule: TurnRule,
  events: VadEvent[],
  eot: { predict(pcm: Int16Array): Promise<number> } | null,
): Promise<ItemOutcome> {
  let prob: number | undefined;
  let cutOffs = 0;
  let endDelayMs: number | null = null;
  for (const [i, ev] of events.entries()) {
    if (ev.type === "start") prob = undefined;
    if (ev.type === "tick" && eot && rule.eotThreshold !== undefined) {
      const end = Math.round((ev.atMs * SAMPLE_RATE) / 1000);
      prob = await eot.predict(pcm.slice(Math.max(0, end - 19_200), end));
    }
    if (ev.type !== "end") continue;
    const lastSpeechMs = ev.atMs - ev.silenceMs;
    const delay =
      prob !== undefined && rule.eotThreshold !== undefined && prob < rule.eotThreshold
        ? rule.maxDelayMs
        : rule.minDelayMs;
    const commitMs = Math.max(ev.atMs, lastSpeechMs + delay);
    const resumed = events.slice(i + 1).find((e) => e.type === "start");
    if (resumed && resumed.atMs <= commitMs) continue; // speech came back first: the turn goes on
    if (lastSpeechMs < item.speech.at(-1)![0]) {
      cutOffs++;
      if (!resumed) break;
    } else if (endDelayMs === null) endDelayMs = commitMs - item.turnEndMs;
  }
  return { cutOffs, pauses: item.midPauses.length, endDelayMs, missedEnd: endDelayMs === null };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

export const SWEEP: TurnRule[] = [
  { name: "framework defaults", activationThreshold: 0.5, minSilenceMs: 550, minDelayMs: 500, maxDelayMs: 3000 },
  { name: "shipped before", activationThreshold: 0.5, minSilenceMs: 300, minDelayMs: 300, maxDelayMs: 3000 },
  ...[0.5, 0.65].flatMap((activationThreshold) =>
    [150, 200, 250, 400, 700, 1000, 1300].map((minSilenceMs) => ({
      name: `VAD ${activationThreshold} / ${minSilenceMs}`,
      activationThreshold,
      minSilenceMs,
      minDelayMs: minSilenceMs,
      maxDelayMs: 3000,
    })),
  ),
  // Start transcribing and drafting after a short silence; confirm the turn later.
  ...[700, 1000, 1300].map((minDelayMs) => ({
    name: `VAD 0.5 / 200, confirm at ${minDelayMs}`,
    activationThreshold: 0.5,
    minSilenceMs: 200,
    minDelayMs,
    maxDelayMs: 3000,
  })),
  ...[0.5, 0.65].flatMap((activationThreshold) =>
    [
      [250, 250, 0.36],
      [250, 300, 0.36],
      [250, 250, 0.6],
      [250, 250, 0.8],
      [300, 300, 0.6],
      [300, 300, 0.8],
    ].map(([minSilenceMs, minDelayMs, eotThreshold]) => ({
      name: `VAD ${activationThreshold} / ${minSilenceMs} + model ${eotThreshold}, delay ${minDelayMs}-1500`,
      activationThreshold,
      minSilenceMs,
      minDelayMs,
      maxDelayMs: 1500,
      eotThreshold,
    })),
  ),
];

export type RuleResult = {
  rule: TurnRule;
  cutOffs: number;
  pauses: number;
  byLength: string;
  /** From the end of the last word to the turn being confirmed, for the real ends of turns. */
  endDelayMs: { p50: number; p95: number };
  missedEnds: number;
};

/** Every rule over the labelled set (Silero runs once per utterance; the rules replay its output). */
export async function evaluate(rules: TurnRule[]): Promise<RuleResult[]> {
  const items = loadLabels();
  const audio = items.map((item) => renderItem(item).pcm);
  const eot = rules.some((r) => r.eotThreshold !== undefined) ? loadEotModel() : null;
  const silero = await import("@livekit/agents-plugin-silero");
  const vad = await silero.VAD.load();
  const probs: number[][] = [];
  for (const pcm of audio) probs.push(await vadProbabilities(vad, pcm));
  const results: RuleResult[] = [];
  for (const rule of rules) {
    const outcomes: ItemOutcome[] = [];
    for (const [n, item] of items.entries())
      outcomes.push(
        await judge(item, audio[n], rule, vadEvents(probs[n], rule.activationThreshold, rule.minSilenceMs), eot),
      );
    const byLength = PAUSES_MS.map((ms) => {
      const idx = items.flatMap((it, n) => (it.pauses[0]?.ms === ms ? [n] : []));
      return `${ms}: ${idx.reduce((s, n) => s + outcomes[n].cutOffs, 0)}/${idx.length}`;
    }).join(", ");
    const delays = outcomes.flatMap((o) => (o.endDelayMs === null ? [] : [o.endDelayMs]));
    results.push({
      rule,
      cutOffs: outcomes.reduce((s, o) => s + o.cutOffs, 0),
      pauses: outcomes.reduce((s, o) => s + o.pauses, 0),
      byLength,
      endDelayMs: { p50: pct(delays, 50), p95: pct(delays, 95) },
      missedEnds: outcomes.filter((o) => o.missedEnd).length,
    });
  }
  return results;
}

export const cutOffRate = (r: RuleResult) => `${r.cutOffs}/${r.pauses} (${((100 * r.cutOffs) / r.pauses).toFixed(0)}%)`;

async function sweep(rules: TurnRule[]) {
  const items = loadLabels();
  console.log(
    `${items.length} utterances, ${items.reduce((n, i) => n + i.midPauses.length, 0)} mid-sentence pauses (bench/voice-pauses.json)\n`,
  );
  console.log(
    "| setting | false cut-offs (pauses cut / pauses) | by pause length (ms: cut/n) | end of speech -> turn confirmed p50 / p95 (ms) | turns never confirmed |",
  );
  console.log("|---|---|---|---|---|");
  for (const r of await evaluate(rules))
    console.log(
      `| ${r.rule.name} | ${cutOffRate(r)} | ${r.byLength} | ${r.endDelayMs.p50} / ${r.endDelayMs.p95} | ${r.missedEnds} |`,
    );
}

if (process.argv[1]?.endsWith("voice-pauses.ts")) {
  const { initializeLogger } = await import("@livekit/agents");
  initializeLogger({ pretty: false, level: "error" });
  if (process.argv[2] === "generate") generate();
  else if (process.argv[2] === "sweep") {
    const only = process.env.RULES;
    await sweep(only ? SWEEP.filter((r) => r.name.includes(only)) : SWEEP);
  } else console.log("usage: node --import tsx bench/voice-pauses.ts generate|sweep");
  process.exit(0);
}
