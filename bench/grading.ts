/**
 * npm run bench:grading: how well the offline grader agrees with a sales coach on the labelled
 * corpora in tests/fixtures/grading (corpus 1 and the second annotator's corpus 2, dev and holdout
 * reported separately), through the same code
 * path as `npm run grade`. Prints SPIN accuracy per stage, the confusion matrix, calls within the
 * coach's band, Spearman rank correlation, absurd results (including automatic perturbations) and
 * a determinism check.
 */

import { gradeCliInput } from "@/lib/grading/cli";
import type { GradeDocument } from "@/lib/grading/response";
import {
  asSpeech,
  CORPORA,
  type CorpusName,
  loadCalls,
  loadCorpus,
  type Utterance as Labelled,
} from "@/tests/fixtures/language/corpus";
import { gradedStage } from "@/tests/fixtures/spin-stage";

const LABELS = ["situation", "problem", "implication", "need-payoff", "none"] as const;
type Label = (typeof LABELS)[number];
type Turn = { speaker: "learner" | "persona"; text: string; started_at?: string; ended_at?: string };
type Call = {
  id: string;
  kind: string;
  band: [number, number];
  split: string;
  persona: Record<string, unknown>;
  scenario: Record<string, unknown>;
  turns: Turn[];
};

const calls: Call[] = loadCalls() as Call[];
async function grade(input: unknown): Promise<GradeDocument> {
  const r = await gradeCliInput(input);
  if (!r.ok) throw new Error(r.error);
  return r.grades as GradeDocument;
}

/** An utterance graded as the hidden set is: a one- or two-turn transcript; the first learner question's stage. */
const stageOf = async (u: Pick<Labelled, "buyer_before" | "text">) => (await gradedStage(u)) as Label;

type Tally = { right: number; n: number; matrix: Record<Label, Record<Label, number>> };
const emptyTally = (): Tally => ({
  right: 0,
  n: 0,
  matrix: Object.fromEntries(LABELS.map((l) => [l, Object.fromEntries(LABELS.map((m) => [m, 0]))])) as Tally["matrix"],
});

/** SPIN accuracy per corpus and split, through the grading path; holdout items are only ever scored here. */
async function utteranceTable() {
  const total: Record<string, Tally> = { dev: emptyTally(), holdout: emptyTally() };
  console.log("\n## SPIN accuracy by corpus (through `npm run grade`: the first question's stage)\n");
  console.log("| corpus | dev | holdout |\n|---|---|---|");
  for (const name of Object.keys(CORPORA) as CorpusName[]) {
    const cells: string[] = [];
    for (const split of ["dev", "holdout"] as const) {
      const t = emptyTally();
      for (const u of loadCorpus(name).filter((x) => x.split === split)) {
        const got = await stageOf(u);
        for (const tally of [t, total[split]]) {
          tally.n++;
          tally.matrix[u.spin][got]++;
          if (got === u.spin) tally.right++;
        }
      }
      cells.push(`${(t.right / t.n).toFixed(3)} (${t.right}/${t.n})`);
    }
    console.log(`| ${name} | ${cells.join(" | ")} |`);
  }
  console.log(
    `| **all** | **${(total.dev.right / total.dev.n).toFixed(3)}** (${total.dev.n}) | **${(total.holdout.right / total.holdout.n).toFixed(3)}** (${total.holdout.n}) |`,
  );
  for (const split of ["dev", "holdout"]) {
    const m = total[split].matrix;
    console.log(
      `\nconfusion, ${split} (rows = coach, columns = grader):\n${"".padEnd(13)}${LABELS.map((l) => l.slice(0, 11).padStart(12)).join("")}`,
    );
    for (const l of LABELS) console.log(`${l.padEnd(13)}${LABELS.map((x) => String(m[l][x]).padStart(12)).join("")}`);
  }
  return { dev: total.dev.right / total.dev.n, holdout: total.holdout.right / total.holdout.n };
}

function spearman(a: number[], b: number[]): number {
  const rank = (xs: number[]) => {
    const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(xs.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
      for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const ra = rank(a),
    rb = rank(b);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(ra),
    mb = mean(rb);
  const cov = ra.reduce((s, x, i) => s + (x - ma) * (rb[i] - mb), 0);
  const sd = (xs: number[], m: number) => Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0));
  return cov / (sd(ra, ma) * sd(rb, mb));
}

const noQuestionMarks = (c: Call): Call => ({
  ...c,
  turns: c.turns.map((t) => (t.speaker === "learner" ? { ...t, text: t.text.replace(/\?/g, ".") } : t)),
});
const CUE_QUESTIONS = [
  "What impact does that have on your business?",
  "If you could fix that, what would it mean for you?",
  "What challenges does that cause?",
  "How does that affect your team?",
];
/** Content-free cue questions sprinkled into the learner's turns, with the learner's own talk carrying on after them. */
const withCueQuestions = (c: Call): Call => {
  let k = 0;
  return {
    ...c,
    turns: c.turns.map((t) => {
      if (t.speaker !== "learner" || k >= CUE_QUESTIONS.length) return t;
      const parts = t.text.split(/(?<=[.!?])\s+/);
      if (parts.length < 2) return t;
      return { ...t, text: [parts[0], CUE_QUESTIONS[k++], ...parts.slice(1)].join(" ") };
    }),
  };
};
const hiOnly = (c: Call): Call => ({
  ...c,
  turns: [{ speaker: "learner", text: "Hi." }, ...c.turns.filter((t) => t.speaker === "persona").slice(0, 1)],
});
const firstThreeLines = (c: Call): Call => ({ ...c, turns: c.turns.slice(0, 3) });

async function callReport(split: string) {
  const rows = calls.filter((c) => c.split === split);
  const absurd: string[] = [];
  const scores: number[] = [];
  let inBand = 0;
  const drifts: number[] = [];
  console.log(`\n## Calls, ${split} split (${rows.length})`);
  for (const c of rows) {
    const input = { persona: c.persona, scenario: c.scenario, turns: c.turns };
    const g = await grade(input);
    scores.push(g.conversation_score);
    const ok = g.conversation_score >= c.band[0] && g.conversation_score <= c.band[1];
    if (ok) inBand++;
    const speech = await grade({ ...input, turns: asSpeech(c).turns });
    const drift = speech.conversation_score - g.conversation_score;
    drifts.push(Math.abs(drift));
    console.log(
      `  ${ok ? "in band " : "OUTSIDE "} ${String(g.conversation_score).padStart(3)}  [${c.band.join("-")}]  speech ${String(speech.conversation_score).padStart(3)} (${drift >= 0 ? "+" : ""}${drift})  ${c.id}`,
    );
    const mid = (c.band[0] + c.band[1]) / 2;
    if (Math.abs(g.conversation_score - mid) > 30)
      absurd.push(`${c.id}: ${g.conversation_score} against a band of ${c.band.join("-")}`);
    if (c.band[1] <= 35 && g.feedback.overall_feedback.startsWith("A strong"))
      absurd.push(`${c.id}: a bad call called strong`);
    // Perturbations: what a coach would never let move the grade.
    if (c.kind === "sales-discovery") {
      const stripped = await grade({ ...input, turns: noQuestionMarks(c).turns });
      if (Math.abs(stripped.conversation_score - g.conversation_score) > 5)
        absurd.push(
          `${c.id}: stripping question marks moved the score ${g.conversation_score} -> ${stripped.conversation_score}`,
        );
      const hi = await grade({ ...input, turns: hiOnly(c).turns });
      if (hi.conversation_score > 15)
        absurd.push(`${c.id}: a learner who only says "Hi." scores ${hi.conversation_score}`);
    }
    if (c.band[1] <= 40 && (c.kind === "sales-discovery" || c.kind === "pitch")) {
      const cued = await grade({ ...input, turns: withCueQuestions(c).turns });
      if (cued.conversation_score > g.conversation_score + 5)
        absurd.push(
          `${c.id}: adding content-free cue questions raised the score ${g.conversation_score} -> ${cued.conversation_score}`,
        );
    }
    const short = await grade({ ...input, turns: firstThreeLines(c).turns });
    const hundred = short.scorecard?.criteria.filter((x) => x.score === 100).map((x) => x.id) ?? [];
    if (short.metrics && short.metrics.learner_words < 60 && hundred.length)
      absurd.push(`${c.id}: a three-line version gets 100 for ${hundred.join(", ")}`);
    if (short.conversation_score > g.conversation_score + 5 && c.band[0] >= 40)
      absurd.push(
        `${c.id}: the first three lines score more (${short.conversation_score}) than the whole call (${g.conversation_score})`,
      );
  }
  const expected = rows.map((c) => (c.band[0] + c.band[1]) / 2);
  const rho = rows.length > 2 ? spearman(expected, scores) : NaN;
  const meanDrift = drifts.reduce((a, b) => a + b, 0) / drifts.length;
  console.log(`calls within band: ${inBand}/${rows.length}; Spearman vs the expected order: ${rho.toFixed(3)}`);
  console.log(
    `speech-transcript drift (lower case, no punctuation): max ${Math.max(...drifts)}, mean ${meanDrift.toFixed(1)} points`,
  );
  console.log(`absurd results: ${absurd.length ? `\n    ${absurd.join("\n    ")}` : "none"}`);
  return { inBand, n: rows.length, rho, absurd: absurd.length, maxDrift: Math.max(...drifts), meanDrift };
}

async function determinism() {
  const sample = calls.slice(0, 8).map((c) => ({ persona: c.persona, scenario: c.scenario, turns: c.turns }));
  const a = JSON.stringify(await grade(sample));
  const b = JSON.stringify(await grade(sample));
  console.log(
    `\n## Determinism: ${a === b ? "identical output on repeat" : "OUTPUT DIFFERS ON REPEAT"} (${sample.length} calls graded twice)`,
  );
  return a === b;
}

/** Offline grade of a 40-turn call, and what loading the language layer adds to memory. */
async function speed() {
  const long = calls.find((c) => c.turns.length >= 36) ?? calls[0];
  const turns = [...long.turns, ...long.turns].slice(0, 40);
  const input = { persona: long.persona, scenario: long.scenario, turns };
  await grade(input);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    await grade(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\n## Speed: offline grade of a 40-turn call: median ${times[7].toFixed(0)} ms, max ${times[14].toFixed(0)} ms; RSS now ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}

const devOnly = process.argv.includes("--dev");

async function main() {
  if (process.env.ANTHROPIC_API_KEY) console.log("note: ANTHROPIC_API_KEY is set: this measures the AI grader");
  console.log(`# Grading benchmark (${process.env.ANTHROPIC_API_KEY ? "AI" : "offline rubric"} grader)`);
  const rss0 = process.memoryUsage().rss;
  await stageOf({ buyer_before: null, text: "how many vans do you run" });
  console.log(`language layer loaded: +${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB RSS`);
  if (devOnly) {
    await callReport("dev");
    return;
  }
  const acc = await utteranceTable();
  const results: Record<string, Awaited<ReturnType<typeof callReport>>> = {};
  // --dev: tuning runs see the dev split only; holdout numbers are for reports.
  if (devOnly) {
    await callReport("dev");
    return;
  }
  for (const split of ["dev", "holdout"]) results[split] = await callReport(split);
  console.log("\n## Summary\n\n| | dev | holdout |\n|---|---|---|");
  console.log(`| SPIN accuracy (all corpora) | ${acc.dev.toFixed(3)} | ${acc.holdout.toFixed(3)} |`);
  console.log(
    `| calls in band | ${results.dev.inBand}/${results.dev.n} | ${results.holdout.inBand}/${results.holdout.n} |`,
  );
  console.log(`| Spearman | ${results.dev.rho.toFixed(3)} | ${results.holdout.rho.toFixed(3)} |`);
  console.log(
    `| speech drift max / mean | ${results.dev.maxDrift} / ${results.dev.meanDrift.toFixed(1)} | ${results.holdout.maxDrift} / ${results.holdout.meanDrift.toFixed(1)} |`,
  );
  console.log(`| absurd results | ${results.dev.absurd} | ${results.holdout.absurd} |`);
  await speed();
  const same = await determinism();
  process.exitCode = same ? 0 : 1;
}

if (process.argv[1]?.endsWith("grading.ts")) void main();
