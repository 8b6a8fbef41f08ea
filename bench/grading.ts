/**
 * npm run bench:grading: how well the offline grader agrees with a sales coach on the labelled
 * corpora in tests/fixtures/grading (corpus 1 and the second annotator's corpus 2, dev and holdout
 * reported separately), through the same code
 * path as `npm run grade`. Prints SPIN accuracy per stage, the confusion matrix, calls within the
 * coach's band, Spearman rank correlation, absurd results (including automatic perturbations) and
 * a determinism check.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { gradeCliInput } from "@/lib/grading/cli";
import type { GradeDocument } from "@/lib/grading/response";

const DIR = "tests/fixtures/grading";
const LABELS = ["situation", "problem", "implication", "need-payoff", "none"] as const;
type Label = (typeof LABELS)[number];
type Utterance = { id: string; buyer_before: string | null; text: string; label: Label; split: string };
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

const readJsonl = (file: string): Utterance[] =>
  readFileSync(join(DIR, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
/** Corpus 1 (the team's, used to write the rules) and corpus 2 (a second annotator's, see README-utterances-2.md). */
const utterances: Utterance[] = readJsonl("utterances.jsonl");
const utterances2: Utterance[] = readJsonl("utterances-2.jsonl");
const calls: Call[] = readdirSync(join(DIR, "calls"))
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, "calls", f), "utf8")));
const PERSONA = {
  name: "Alex Morgan",
  role: "Head of Operations",
  situation: "Runs the operation.",
  background: "Ten years in the role.",
  pain_points: ["Work takes too long"],
  goals: ["Save time"],
};

async function grade(input: unknown): Promise<GradeDocument> {
  const r = await gradeCliInput(input);
  if (!r.ok) throw new Error(r.error);
  return r.grades as GradeDocument;
}

/** An utterance graded as the hidden set is: a one- or two-turn transcript; the first learner question's stage. */
async function stageOf(u: Utterance): Promise<Label> {
  const turns: Turn[] = [
    ...(u.buyer_before ? [{ speaker: "persona" as const, text: u.buyer_before }] : []),
    { speaker: "learner", text: u.text },
  ];
  const g = await grade({ persona: PERSONA, turns });
  return (g.questions[0]?.stage ?? "none") as Label;
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

async function utteranceReport(split: string, corpus: Utterance[] = utterances, name = "") {
  const rows = corpus.filter((u) => u.split === split);
  const matrix = Object.fromEntries(LABELS.map((l) => [l, Object.fromEntries(LABELS.map((m) => [m, 0]))])) as Record<
    Label,
    Record<Label, number>
  >;
  for (const u of rows) matrix[u.label][await stageOf(u)]++;
  const correct = LABELS.reduce((s, l) => s + matrix[l][l], 0);
  console.log(`\n## SPIN classification${name}, ${split} split (${rows.length} utterances)`);
  console.log(
    `overall accuracy ${(correct / rows.length).toFixed(3)} (${correct}/${rows.length}); most-frequent-label baseline ${(Math.max(...LABELS.map((l) => rows.filter((u) => u.label === l).length)) / rows.length).toFixed(3)}`,
  );
  for (const l of LABELS) {
    const n = LABELS.reduce((s, m) => s + matrix[l][m], 0);
    console.log(`  ${l.padEnd(12)} ${n ? (matrix[l][l] / n).toFixed(3) : "  -  "} (${matrix[l][l]}/${n})`);
  }
  console.log(
    `confusion (rows = coach, columns = grader):\n${"".padEnd(13)}${LABELS.map((l) => l.slice(0, 11).padStart(12)).join("")}`,
  );
  for (const l of LABELS)
    console.log(`${l.padEnd(13)}${LABELS.map((m) => String(matrix[l][m]).padStart(12)).join("")}`);
  const sub = (pred: (u: Utterance) => boolean, name: string) => {
    const xs = rows.filter(pred);
    return xs.length ? { name, xs } : null;
  };
  for (const group of [
    sub((u) => !u.text.includes("?") && u.label !== "none", "questions without a question mark"),
    sub(
      (u) =>
        /\b(curious|wonder|walk me through|tell me|help me understand|i'd love to|i'd like to)\b/i.test(u.text) &&
        u.label !== "none",
      "indirect questions",
    ),
  ]) {
    if (!group) continue;
    let ok = 0;
    for (const u of group.xs) if ((await stageOf(u)) === u.label) ok++;
    console.log(`  ${group.name}: ${ok}/${group.xs.length}`);
  }
  return { accuracy: correct / rows.length, n: rows.length };
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
  console.log(`\n## Calls, ${split} split (${rows.length})`);
  for (const c of rows) {
    const input = { persona: c.persona, scenario: c.scenario, turns: c.turns };
    const g = await grade(input);
    scores.push(g.conversation_score);
    const ok = g.conversation_score >= c.band[0] && g.conversation_score <= c.band[1];
    if (ok) inBand++;
    console.log(
      `  ${ok ? "in band " : "OUTSIDE "} ${String(g.conversation_score).padStart(3)}  [${c.band.join("-")}]  ${c.id}`,
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
  console.log(`calls within band: ${inBand}/${rows.length}; Spearman vs the expected order: ${rho.toFixed(3)}`);
  console.log(`absurd results: ${absurd.length ? `\n    ${absurd.join("\n    ")}` : "none"}`);
  return { inBand, n: rows.length, rho, absurd: absurd.length };
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

async function main() {
  if (process.env.ANTHROPIC_API_KEY) console.log("note: ANTHROPIC_API_KEY is set: this measures the AI grader");
  console.log(`# Grading benchmark (${process.env.ANTHROPIC_API_KEY ? "AI" : "offline rubric"} grader)`);
  for (const split of ["dev", "holdout"]) {
    await utteranceReport(split);
    await callReport(split);
  }
  const second: Record<string, { accuracy: number; n: number }> = {};
  for (const split of ["dev", "holdout"])
    second[split] = await utteranceReport(split, utterances2, " of corpus 2 (utterances-2.jsonl, second annotator)");
  console.log(
    `\n## Corpus 2 summary: dev ${second.dev.accuracy.toFixed(3)} (n=${second.dev.n}), holdout ${second.holdout.accuracy.toFixed(3)} (n=${second.holdout.n})`,
  );
  const same = await determinism();
  process.exitCode = same ? 0 : 1;
}

void main();
