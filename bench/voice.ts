/**
 * `npm run bench:voice`: turn latency of the persona agent's voice pipeline, offline. Real speech
 * (espeak-ng) goes in at real-time pace through Silero VAD, the OpenAI plugin's STT and TTS and
 * ClaudeLLM, against stand-ins of fixed, known latency; the time to the persona's first audio frame
 * is split into stages and compared with what the stand-ins themselves take.
 *
 *   npm run bench:voice                 # both settings, 30 turns each
 *   TURNS=40 SETTINGS="shipped|early draft 200" npm run bench:voice   # settings by name prefix, | between
 */
import { initializeLogger } from "@livekit/agents";

import { ignoreAbortedRequests } from "@/agent/abort-guard";
import { ClaudeLLM } from "@/agent/claude-llm";
import { agentConfig } from "@/agent/config";
import { buildPersonaAgent, buildSession } from "@/agent/persona-agent";
import { loadSpeech, loadVad } from "@/agent/plugins";
import {
  type Latency,
  PacedMicrophone,
  RecordingSpeaker,
  speechSamples,
  startClaudeStandIn,
  startSpeechStandIn,
} from "@/agent/testing/voice-rig";
import { personaSchema } from "@/lib/validations/persona";

import { cutOffRate, evaluate } from "./voice-pauses";

const LATENCY: Latency = { sttMs: 150, llmFirstTokenMs: 400, llmTokensPerSecond: 40, ttsFirstAudioMs: 150 };
const TURNS = Number(process.env.TURNS ?? 30);

type Setting = {
  name: string;
  vadSilenceMs: number;
  minEndpointingDelayMs: number;
  preemptive: boolean;
  preemptiveTts: boolean;
  firstClause: boolean;
};
const base = { preemptive: true, preemptiveTts: false, firstClause: false };
const SETTINGS: Setting[] = [
  { ...base, name: "framework defaults", vadSilenceMs: 550, minEndpointingDelayMs: 500 },
  { ...base, name: "shipped before issue 26", vadSilenceMs: 300, minEndpointingDelayMs: 300 },
  { ...base, name: "first clause to TTS", vadSilenceMs: 300, minEndpointingDelayMs: 300, firstClause: true },
  // Issue 26: a short VAD silence starts transcription and the draft reply (text and audio) early; the
  // turn is confirmed, and the audio played, only after the longer endpointing delay without speech.
  ...[
    [200, 1000],
    [200, 1300],
    [150, 1000],
  ].map(([vadSilenceMs, minEndpointingDelayMs]) => ({
    name: `early draft ${vadSilenceMs}, confirm at ${minEndpointingDelayMs}`,
    vadSilenceMs,
    minEndpointingDelayMs,
    preemptive: true,
    preemptiveTts: true,
    firstClause: true,
  })),
  {
    ...base,
    name: "aggressive",
    vadSilenceMs: 200,
    minEndpointingDelayMs: 200,
    preemptiveTts: true,
    firstClause: true,
  },
].filter((s) => !process.env.SETTINGS || process.env.SETTINGS.split("|").some((name) => s.name.startsWith(name)));

const LEARNER = [
  "Hi Dana this is Riley from Fleetwise do you have a minute",
  "How do you decide which orders ship first on a busy day",
  "What happens when a truck leaves before the orders are packed",
  "Who else on your team feels that pain every week",
  "If we could fix the cut off problem what would that be worth to you",
  "Would a short review with your shift leads next Tuesday work",
];
const REPLIES = [
  "Sure, I have a couple of minutes. What is this about exactly?",
  "Honestly it depends on the day. We go by the carrier cut-off, and the rest waits.",
  "Then those orders slip a full day. Customers notice, and they call us about it.",
  "My shift leads, mostly. They stay late every peak week to catch up on the backlog.",
  "That is hard to say right now. Fewer late orders would help us keep two big accounts.",
  "Tuesday could work for me. Send me an invite and I will bring both shift leads along.",
];

const persona = personaSchema.parse({
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two regional warehouses.",
  background: "Twelve years in logistics.",
  pain_points: ["Orders miss the carrier cut-off at peak"],
  goals: ["Ship same day"],
  close: "A workflow review with her shift leads.",
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (ok: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the persona's audio");
    await sleep(10);
  }
};

/** The first sentence as the framework's sentence tokenizer sends it to TTS (sentences under 20 characters merge with the next). */
const firstTtsText = (tts: { text: string }[]) => tts[0]?.text ?? "";

/**
 * What the stand-ins and the configured waits alone take from the end of speech to first audio:
 * transcription starts after the VAD silence; the turn is confirmed at the endpointing delay (not
 * before the transcript); the first TTS request waits for its text (the first LLM token, then 25 ms
 * a token) and, without preemptive TTS, for the confirmation; audio plays once the turn is confirmed.
 */
function expectedMs(setting: Setting, firstText: string) {
  const transcript = setting.vadSilenceMs + LATENCY.sttMs;
  const confirmed = Math.max(setting.minEndpointingDelayMs, transcript);
  const textFor = (start: number) =>
    start + LATENCY.llmFirstTokenMs + (Math.ceil(firstText.length / 4) - 1) * (1000 / LATENCY.llmTokensPerSecond);
  if (!setting.preemptive) return textFor(confirmed) + LATENCY.ttsFirstAudioMs;
  const text = textFor(transcript);
  if (setting.preemptiveTts) return Math.max(confirmed, text + LATENCY.ttsFirstAudioMs);
  return Math.max(confirmed, text) + LATENCY.ttsFirstAudioMs;
}

type Turn = {
  eosToStt: number;
  sttToToken: number;
  tokenToTts: number;
  ttsToAudio: number;
  firstAudio: number;
  expected: number;
  ttsBeforeLlmDone: boolean;
};

async function runSetting(setting: Setting) {
  let saying = "";
  const speech = await startSpeechStandIn(LATENCY, () => saying);
  let replyIndex = 0;
  const claude = await startClaudeStandIn(LATENCY, () => ({ text: REPLIES[replyIndex % REPLIES.length] }));
  const config = agentConfig({
    LIVEKIT_URL: "ws://127.0.0.1:7880",
    LIVEKIT_API_KEY: "devkey",
    LIVEKIT_API_SECRET: "secret",
    AGENT_SECRET: "bench-secret-0123456789",
    ANTHROPIC_API_KEY: "bench",
    STT_BASE_URL: speech.url,
    TTS_BASE_URL: speech.url,
    VAD_MIN_SILENCE_MS: String(setting.vadSilenceMs),
    TTS_FIRST_CLAUSE: String(setting.firstClause),
  });
  const session = buildSession({
    llm: new ClaudeLLM({ model: "claude-bench", apiKey: "bench", baseURL: claude.url }),
    ...(await loadSpeech(config)),
    vad: await loadVad(config),
    turns: {
      minEndpointingDelayMs: setting.minEndpointingDelayMs,
      preemptiveGeneration: setting.preemptive,
      preemptiveTts: setting.preemptiveTts,
    },
  });
  const mic = new PacedMicrophone();
  const speaker = new RecordingSpeaker();
  session.input.audio = mic;
  session.output.audio = speaker;
  await session.start({ agent: buildPersonaAgent(persona) });
  mic.start();
  const audio = LEARNER.map((text) => speechSamples(text));

  const turns: Turn[] = [];
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < TURNS; i++) {
    const k = i % LEARNER.length;
    replyIndex = k;
    saying = LEARNER[k];
    const [nStt, nLlm, nTts, nOut] = [
      speech.stt.length,
      claude.requests.length,
      speech.tts.length,
      speaker.segments.length,
    ];
    const eos = await mic.say(audio[k]);
    await until(() => speaker.segments.length > nOut);
    const firstAudio = speaker.segments[nOut].firstFrameAt;
    // TTS requests of this turn's reply (the previous reply's last sentences can still be on their way).
    const turnStart = claude.requests[nLlm]?.at ?? 0;
    const tts = speech.tts.slice(nTts).filter((t) => t.at >= turnStart);
    const stt = speech.stt.slice(nStt).filter((r) => r.answeredAt <= firstAudio);
    // With preemptive generation a draft may be dropped; the reply spoken is the last request made before TTS started.
    const llm = claude.requests
      .slice(nLlm)
      .filter((r) => r.at <= tts[0].at)
      .at(-1)!;
    const firstSentence = firstTtsText(tts);
    const expected = expectedMs(setting, firstSentence);
    turns.push({
      eosToStt: stt.at(-1)!.answeredAt - eos,
      sttToToken: llm.firstTokenAt - stt.at(-1)!.answeredAt,
      tokenToTts: tts[0].at - llm.firstTokenAt,
      ttsToAudio: firstAudio - tts[0].at,
      firstAudio: firstAudio - eos,
      expected,
      ttsBeforeLlmDone: false,
    });
    if (process.env.VOICE_DEBUG)
      console.error(
        JSON.stringify({
          eos,
          firstAudio,
          tts: tts.map((t) => [t.at - eos, t.text]),
          llm: claude.requests.slice(nLlm).map((r) => [r.at - eos, r.firstTokenAt - eos, r.doneAt - eos]),
          stt: speech.stt.slice(nStt).map((r) => [r.at - eos, r.answeredAt - eos]),
        }),
      );
    // Let the reply finish and the pipeline settle before the learner speaks again.
    await until(() => claude.requests.slice(nLlm).every((r) => r.doneAt > 0));
    turns.at(-1)!.ttsBeforeLlmDone = tts[0].at < llm.doneAt;
    await sleep(600);
  }
  const wallMs = performance.now() - wall0;
  const connections = { speech: speech.connections(), claude: claude.connections() };
  // Drafts made and dropped (a pause the VAD took for an end, then more speech) show as extra requests.
  const requests = { stt: speech.stt.length, llm: claude.requests.length, tts: speech.tts.length };
  const cpu = process.cpuUsage(cpu0);
  await mic.close();
  await session.close();
  await Promise.all([speech.close(), claude.close()]);
  return { turns, cpuShare: (cpu.user + cpu.system) / 1000 / wallMs, connections, requests };
}

type Result = Awaited<ReturnType<typeof runSetting>>;

function report(setting: Setting, { turns, cpuShare, connections, requests }: Result) {
  const row = (label: string, xs: number[]) => `| ${label} | ${pct(xs, 50).toFixed(0)} | ${pct(xs, 95).toFixed(0)} |`;
  const overhead = turns.map((t) => t.firstAudio - t.expected);
  const lines = [
    `### ${setting.name}: VAD silence ${setting.vadSilenceMs} ms, min endpointing delay ${setting.minEndpointingDelayMs} ms, preemptive generation ${setting.preemptive ? "on" : "off"}, preemptive TTS ${setting.preemptiveTts ? "on" : "off"}, ${setting.firstClause ? "first clause" : "sentences"} to TTS (${turns.length} turns)`,
    "",
    "| stage (ms) | p50 | p95 |",
    "|---|---|---|",
    row(
      "end of speech -> STT final",
      turns.map((t) => t.eosToStt),
    ),
    row(
      "STT final -> first LLM token",
      turns.map((t) => t.sttToToken),
    ),
    row(
      "first LLM token -> first TTS request",
      turns.map((t) => t.tokenToTts),
    ),
    row(
      "first TTS request -> first audio frame out",
      turns.map((t) => t.ttsToAudio),
    ),
    row(
      "**end of speech -> first audio out**",
      turns.map((t) => t.firstAudio),
    ),
    row(
      "stand-ins + VAD silence alone (expected)",
      turns.map((t) => t.expected),
    ),
    row("**overhead beyond stand-ins and VAD silence**", overhead),
    "",
    `TTS started before the LLM finished its reply (first sentence only) in ${turns.filter((t) => t.ttsBeforeLlmDone).length}/${turns.length} turns. ` +
      `CPU while talking: ${(cpuShare * 100).toFixed(1)}% of one core for this call (agent, VAD and stand-ins in one process). ` +
      `TCP connections opened: ${connections.speech} to the STT/TTS stand-in, ${connections.claude} to the Claude stand-in, over ${turns.length} turns. ` +
      `Requests: ${requests.stt} STT, ${requests.llm} Claude, ${requests.tts} TTS.`,
    "",
  ];
  console.log(lines.join("\n"));
}

initializeLogger({ pretty: false, level: "error" });
ignoreAbortedRequests();
console.log(
  `Stand-ins: STT ${LATENCY.sttMs} ms, Claude first token ${LATENCY.llmFirstTokenMs} ms then ${LATENCY.llmTokensPerSecond} tokens/s, TTS first audio ${LATENCY.ttsFirstAudioMs} ms.\n`,
);
const results: [Setting, Result][] = [];
for (const setting of SETTINGS) {
  const result = await runSetting(setting);
  report(setting, result);
  results.push([setting, result]);
}
// The same settings over the labelled pauses (bench/voice-pauses.json): how often each would cut a learner off.
const cutOffs = await evaluate(
  SETTINGS.map((s) => ({
    name: s.name,
    activationThreshold: 0.5,
    minSilenceMs: s.vadSilenceMs,
    minDelayMs: s.minEndpointingDelayMs,
    maxDelayMs: 3000,
  })),
);
console.log(
  "| setting | end of speech -> first audio p50 / p95 (ms) | overhead p50 / p95 (ms) | false cut-offs (labelled mid-sentence pauses) |",
);
console.log("|---|---|---|---|");
for (const [n, [setting, { turns }]] of results.entries()) {
  const first = turns.map((t) => t.firstAudio);
  const overhead = turns.map((t) => t.firstAudio - t.expected);
  console.log(
    `| ${setting.name} | ${pct(first, 50).toFixed(0)} / ${pct(first, 95).toFixed(0)} | ${pct(overhead, 50).toFixed(0)} / ${pct(overhead, 95).toFixed(0)} | ${cutOffRate(cutOffs[n])} |`,
  );
}
process.exit(0);
