/**
 * A multinomial logistic regression over sparse string features: trained on the training split of
 * our corpora by scripts/train-language-model.ts, stored as JSON, deterministic at run time.
 */
export type LinearModel<L extends string = string> = {
  labels: L[];
  bias: number[];
  weights: Record<string, number[]>;
};

export function predict<L extends string>(
  model: LinearModel<L>,
  features: string[],
): { label: L; p: number; probs: number[] } {
  const scores = model.bias.slice();
  for (const f of new Set(features)) {
    const w = model.weights[f];
    if (!w) continue;
    for (let k = 0; k < scores.length; k++) scores[k] += w[k];
  }
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  const probs = exp.map((e) => e / sum);
  const best = scores.indexOf(max);
  return { label: model.labels[best], p: probs[best], probs };
}

/** The model without some of its labels' columns: the same probabilities as a bias of -Infinity for them. */
export function withoutLabels<L extends string, D extends L>(
  model: LinearModel<L>,
  drop: readonly D[],
): LinearModel<Exclude<L, D>> {
  const keep = model.labels.flatMap((l, k) => ((drop as readonly L[]).includes(l) ? [] : [k]));
  return {
    labels: keep.map((k) => model.labels[k]) as Exclude<L, D>[],
    bias: keep.map((k) => model.bias[k]),
    weights: Object.fromEntries(Object.entries(model.weights).map(([f, w]) => [f, keep.map((k) => w[k])])),
  };
}

/** Full-batch training with AdaGrad and L2; `epochs` passes. Deterministic (fixed order, no randomness). */
export function train<L extends string>(
  rows: { features: string[]; label: L }[],
  labels: L[],
  opts: { l2?: number; epochs?: number; rate?: number; minCount?: number; classWeights?: boolean } = {},
): LinearModel<L> {
  const { l2 = 0.01, epochs = 60, rate = 0.3, minCount = 1, classWeights = true } = opts;
  const counts = new Map<string, number>();
  for (const r of rows) for (const f of new Set(r.features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const K = labels.length;
  const weights = new Map<string, Float64Array>();
  const grads2 = new Map<string, Float64Array>();
  const bias = new Float64Array(K);
  const bias2 = new Float64Array(K).fill(1e-8);
  const freq = labels.map((l) => rows.filter((r) => r.label === l).length);
  const cw = labels.map((_, k) => (classWeights && freq[k] ? rows.length / (K * freq[k]) : 1));
  const data = rows.map((r) => ({
    f: [...new Set(r.features)].filter((f) => (counts.get(f) ?? 0) >= minCount),
    y: labels.indexOf(r.label),
  }));
  for (const d of data)
    for (const f of d.f)
      if (!weights.has(f)) {
        weights.set(f, new Float64Array(K));
        grads2.set(f, new Float64Array(K).fill(1e-8));
      }
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const d of data) {
      const scores = Array.from(bias);
      for (const f of d.f) {
        const w = weights.get(f)!;
        for (let k = 0; k < K; k++) scores[k] += w[k];
      }
      const max = Math.max(...scores);
      const exp = scores.map((s) => Math.exp(s - max));
      const sum = exp.reduce((a, b) => a + b, 0);
      for (let k = 0; k < K; k++) {
        const g = (exp[k] / sum - (k === d.y ? 1 : 0)) * cw[d.y];
        bias2[k] += g * g;
        bias[k] -= (rate * g) / Math.sqrt(bias2[k]);
        for (const f of d.f) {
          const w = weights.get(f)!;
          const gg = g + l2 * w[k];
          const g2 = grads2.get(f)!;
          g2[k] += gg * gg;
          w[k] -= (rate * gg) / Math.sqrt(g2[k]);
        }
      }
    }
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const out: Record<string, number[]> = {};
  for (const [f, w] of [...weights].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (w.every((x) => Math.abs(x) < 0.005)) continue;
    out[f] = Array.from(w, round);
  }
  return { labels, bias: Array.from(bias, round), weights: out };
}
