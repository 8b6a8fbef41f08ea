/**
 * Lighthouse's scoring, re-implemented: each metric maps to 0..1 on a log-normal curve
 * fixed by its 10th-percentile and median values (Lighthouse 12, desktop preset).
 */
export const DESKTOP_CURVES = {
  fcp: { p10: 934, median: 1600, weight: 10 },
  si: { p10: 1311, median: 2300, weight: 10 },
  lcp: { p10: 1200, median: 2400, weight: 25 },
  tbt: { p10: 150, median: 350, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
} as const;

export type Metric = keyof typeof DESKTOP_CURVES;

/** erfc via Abramowitz and Stegun 7.1.26 (error below 1.5e-7, plenty for a score). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const r = poly * Math.exp(-z * z);
  return x >= 0 ? r : 2 - r;
}

export function logNormalScore({ p10, median }: { p10: number; median: number }, value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardized = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, erfc(standardized) / 2));
}

/** The weighted performance score (0..100) over the metrics measured. */
export function performanceScore(values: Partial<Record<Metric, number>>) {
  let sum = 0;
  let weights = 0;
  const scores: Partial<Record<Metric, number>> = {};
  for (const [metric, curve] of Object.entries(DESKTOP_CURVES) as [Metric, (typeof DESKTOP_CURVES)[Metric]][]) {
    const value = values[metric];
    if (value === undefined) continue;
    scores[metric] = logNormalScore(curve, value);
    sum += scores[metric]! * curve.weight;
    weights += curve.weight;
  }
  return { score: Math.round((sum / weights) * 100), scores };
}

/**
 * Lighthouse's accessibility score is the weighted share of applicable axe rules that pass.
 * axe reports no impact for passing rules, so here every applicable rule weighs the same.
 */
export function accessibilityScore(passes: number, violations: number) {
  return passes + violations === 0 ? 100 : Math.round((passes / (passes + violations)) * 100);
}
