/**
 * A small multinomial naive Bayes model over a question's words and bigrams plus its context
 * (did the buyer just name a problem? does the question point back at it? the buyer's words),
 * trained on the dev splits of both corpora in tests/fixtures/grading by scripts/train-stage-model.ts,
 * which chooses its settings by cross-validation and stores them with the weights. The rules in spin.ts decide whenever a cue matches; the model is
 * consulted only for questions no rule recognises. Deterministic: fixed weights, no randomness.
 */
import { normaliseText } from "./questions";
import weights from "./stage-model.json";

export const MODEL_LABELS = ["situation", "problem", "implication", "need-payoff", "none"] as const;
export type ModelLabel = (typeof MODEL_LABELS)[number];
/** How the features are built and how sure the model must be; chosen by cross-validation in scripts/train-stage-model.ts. */
export type StageModelSettings = {
  alpha: number;
  bigrams: boolean;
  anaphora: boolean;
  buyerWords?: boolean;
  confidence: number;
};
export type StageModel = {
  labels: ModelLabel[];
  priors: number[];
  vocab: Record<string, number[]>;
  unseen: number[];
  settings?: StageModelSettings;
};

const ANAPHOR =
  /^(?:and |so |okay |ok |right )*(?:that|this|it|those|these|they|then|there)\b|\b(?:that|this|it|those|these|they|them)\b/;
const NUMBERS =
  /\b(?:\d[\d.,%]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|hundred|thousand|half|third|quarter|fifth|percent)\b/g;

/**
 * The features of a question in context: its words (numbers folded to one token, so a figure is not
 * memorised), optionally its bigrams, whether the buyer just spoke and named a problem, and whether
 * the question refers back to the buyer's turn by a pronoun (anaphora after a problem is how
 * implication and problem follow-ups are asked in speech).
 */
export function stageFeatures(
  question: string,
  buyerProblem: boolean,
  hasBuyer: boolean,
  settings: Pick<StageModelSettings, "bigrams" | "anaphora" | "buyerWords"> = { bigrams: true, anaphora: false },
  buyerTurn = "",
): string[] {
  const text = normaliseText(question);
  const words = (settings.anaphora ? text.replace(NUMBERS, "#") : text).match(/[a-z0-9'#]+/g) ?? [];
  const out = settings.bigrams ? [...words, ...words.slice(1).map((w, i) => `${words[i]}_${w}`)] : [...words];
  out.push(hasBuyer ? (buyerProblem ? "ctx:buyer-problem" : "ctx:buyer") : "ctx:none");
  if (settings.anaphora) {
    const refers = ANAPHOR.test(text);
    out.push(`ctx:${hasBuyer ? (buyerProblem ? "problem" : "fact") : "none"}-${refers ? "anaphor" : "new"}`);
    if (words.length <= 4) out.push("ctx:short");
  }
  // The buyer's previous turn, word by word (prefixed so it never mixes with the question's words).
  if (settings.buyerWords)
    for (const w of new Set(
      normaliseText(buyerTurn)
        .replace(NUMBERS, "#")
        .match(/[a-z'#]{4,}/g) ?? [],
    ))
      out.push(`b:${w}`);
  return out;
}

/** Log-probability weights per label, from counts with additive (Lidstone) smoothing. */
export function trainStageModel(rows: { features: string[]; label: ModelLabel }[], alpha = 1): StageModel {
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
  for (const f of Object.keys(counts).sort())
    vocab[f] = counts[f].map((c, k) => round(Math.log((c + alpha) / (totals[k] + alpha * v))));
  return {
    labels,
    priors: docs.map((d) => round(Math.log((d + 1) / (rows.length + labels.length)))),
    vocab,
    unseen: totals.map((t) => round(Math.log(alpha / (t + alpha * v)))),
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

let active = weights as StageModel;
/** The model the classifier consults: the committed weights, or (cross-validation only) one trained on some folds. */
export function activeStageModel(): StageModel {
  return active;
}
export function setActiveStageModel(model: StageModel | null): void {
  active = model ?? (weights as StageModel);
}
export const stageModel = weights as StageModel;
