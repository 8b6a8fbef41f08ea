/**
 * A small multinomial naive Bayes model over a question's words and bigrams plus its context
 * (did the buyer just name a problem?), trained on the dev split of tests/fixtures/grading by
 * scripts/train-stage-model.ts. The rules in spin.ts decide whenever a cue matches; the model is
 * consulted only for questions no rule recognises. Deterministic: fixed weights, no randomness.
 */
import weights from "./stage-model.json";
import { normaliseText } from "./questions";

export const MODEL_LABELS = ["situation", "problem", "implication", "need-payoff", "none"] as const;
export type ModelLabel = (typeof MODEL_LABELS)[number];
export type StageModel = { labels: ModelLabel[]; priors: number[]; vocab: Record<string, number[]>; unseen: number[] };

/** The features of a question in context. */
export function stageFeatures(question: string, buyerProblem: boolean, hasBuyer: boolean): string[] {
  const words = normaliseText(question).match(/[a-z0-9']+/g) ?? [];
  const out = [...words, ...words.slice(1).map((w, i) => `${words[i]}_${w}`)];
  out.push(hasBuyer ? (buyerProblem ? "ctx:buyer-problem" : "ctx:buyer") : "ctx:none");
  return out;
}

/** Log-probability weights per label, from counts with add-one smoothing. */
export function trainStageModel(rows: { features: string[]; label: ModelLabel }[]): StageModel {
  const labels = [...MODEL_LABELS];
  const counts: Record<string, number[]> = {};
  const totals = labels.map(() => 0);
  const docs = labels.map(() => 0);
  for (const { features, label } of rows) {
    const k = labels.indexOf(label);
    docs[k]++;
    for (const f of features) {
      (counts[f] ??= labels.map(() => 0))[k]++;
      totals[k]++;
    }
  }
  const v = Object.keys(counts).length + 1;
  const round = (n: number) => Math.round(n * 1e4) / 1e4;
  const vocab: Record<string, number[]> = {};
  for (const f of Object.keys(counts).sort()) vocab[f] = counts[f].map((c, k) => round(Math.log((c + 1) / (totals[k] + v))));
  return {
    labels,
    priors: docs.map((d) => round(Math.log((d + 1) / (rows.length + labels.length)))),
    vocab,
    unseen: totals.map((t) => round(Math.log(1 / (t + v)))),
  };
}

/** The most likely label and its posterior probability. Unknown words are ignored. */
export function predictStage(model: StageModel, features: string[]): { label: ModelLabel; p: number } {
  const scores = model.priors.slice();
  for (const f of features) {
    const w = model.vocab[f];
    if (!w) continue;
    for (let k = 0; k < scores.length; k++) scores[k] += w[k];
  }
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  const best = scores.indexOf(max);
  return { label: model.labels[best], p: exp[best] / sum };
}

export const stageModel = weights as StageModel;
