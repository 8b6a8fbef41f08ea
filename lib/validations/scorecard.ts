import { z } from "zod";

import { requiredText, text } from "./common";
import { MEASURES, SCENARIO_KINDS, WEIGHT_TOTAL, weightTotal } from "./scorecard-terms";

export {
  type Measure,
  MEASURE_LABELS,
  MEASURES,
  SCENARIO_KIND_LABELS,
  SCENARIO_KINDS,
  type ScenarioKind,
  WEIGHT_TOTAL,
  weightTotal,
} from "./scorecard-terms";

const criterionSchema = z.object({
  id: requiredText("Criterion id", 60).regex(
    /^[a-z0-9][a-z0-9_-]*$/,
    "Criterion id may use lower-case letters, digits, - and _",
  ),
  label: requiredText("Criterion label", 120),
  description: text("Criterion description", 1000).default(""),
  weight: z.coerce
    .number({ error: "Criterion weight must be a number" })
    .int("Criterion weight must be a whole number")
    .min(1, "Criterion weight must be at least 1")
    .max(100, "Criterion weight must be at most 100"),
  measure: z
    .enum(MEASURES, { error: "Unknown measure" })
    .nullish()
    .transform((v) => v ?? undefined)
    .optional(),
});
export type Criterion = z.output<typeof criterionSchema>;

export const scorecardSchema = z
  .object({
    pass_mark: z.coerce
      .number({ error: "Pass mark must be a number" })
      .int("Pass mark must be a whole number")
      .min(0, "Pass mark must be between 0 and 100")
      .max(100, "Pass mark must be between 0 and 100")
      .default(70),
    criteria: z
      .array(criterionSchema, { error: "Criteria must be a list" })
      .min(1, "A scorecard needs at least one criterion")
      .max(20, "At most 20 criteria"),
  })
  .refine((s) => new Set(s.criteria.map((c) => c.id)).size === s.criteria.length, {
    message: "Criterion ids must be unique",
    path: ["criteria"],
  });
export type Scorecard = z.output<typeof scorecardSchema>;

/**
 * A scorecard saved from now on: its weights total 100, so each weight reads as a share of the score.
 * Stored scorecards and transcripts graded by the CLI keep the looser `scorecardSchema`: the grade is a
 * weighted mean, so an older scorecard whose weights total 105 still loads and grades.
 */
export const authoredScorecardSchema = scorecardSchema.superRefine((s, ctx) => {
  // A weight that is not a whole number already has its own message; a total of it would mislead.
  if (!s.criteria.every((c) => Number.isInteger(c.weight))) return;
  const total = weightTotal(s.criteria);
  if (total === WEIGHT_TOTAL) return;
  ctx.addIssue({
    code: "custom",
    path: ["criteria"],
    message: `Weights add up to ${total}; they must total ${WEIGHT_TOTAL}`,
  });
});

/**
 * The same criteria with weights scaled to total 100 (largest remainder, every weight at least 1), for a
 * scorecard written by the model rather than a person: it is saved in that shape, and the editor shows it.
 */
export function withWeightsOf100(scorecard: Scorecard): Scorecard {
  const total = weightTotal(scorecard.criteria);
  if (total === WEIGHT_TOTAL || total <= 0) return scorecard;
  const exact = scorecard.criteria.map((c) => (c.weight * WEIGHT_TOTAL) / total);
  const weights = exact.map((x) => Math.max(1, Math.floor(x)));
  let left = WEIGHT_TOTAL - weights.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % byRemainder.length, left--) weights[byRemainder[k].i]++;
  // Raising a tiny weight to 1 can overshoot: take the excess from the largest weights.
  while (left < 0) {
    const largest = weights.indexOf(Math.max(...weights));
    weights[largest]--;
    left++;
  }
  return { ...scorecard, criteria: scorecard.criteria.map((c, i) => ({ ...c, weight: weights[i] })) };
}

export const scenarioSchema = z.object({
  kind: z
    .enum(SCENARIO_KINDS, { error: `Scenario kind must be one of ${SCENARIO_KINDS.join(", ")}` })
    .default("sales-discovery"),
  objective: text("Objective", 1000).default(""),
});
export type Scenario = z.output<typeof scenarioSchema>;
