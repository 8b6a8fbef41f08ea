/**
 * An instructor's per-criterion overrides applied to a stored scorecard: the overall is rebuilt with the
 * scorecard's own formula (weighted mean of the criteria that have a score, delivery counted as far as the
 * substance does), and the call's automatic ceiling still holds. Rules, in order:
 * 1. A criterion's score in force is its override where one is set, else its automatic score.
 * 2. An overridden criterion counts at the instructor's number (their judgement is not scaled again).
 * 3. A delivery criterion without an override is scaled by the substance gate recomputed from the scores in force.
 * 4. A criterion with no automatic score ("needs AI grading", "not measured") counts once it is overridden.
 * 5. The share of the weight still measured (not overridden, not Claude's) is curved as the automatic score is
 *    (`curved`): criteria all overridden to 90 give 90.
 * 6. The ceiling the call earned (rudeness, too little, ignored answers...) caps the result as it capped the automatic one.
 * With no override this gives back the automatic score exactly (tests/unit/criterion-overrides.test.ts).
 */
import { curved, isDelivery, type ScorecardResult, substanceGate } from "./scorecard";

export type Overrides = Readonly<Record<string, number>>;

export function rescoreWithOverrides(
  card: Pick<ScorecardResult, "criteria">,
  overrides: Overrides,
  ceiling: { limit: number } | null,
): number {
  const inForce = card.criteria.map((c) => {
    const override = overrides[c.id];
    return { c, overridden: override !== undefined, score: override ?? c.score };
  });
  const gate = substanceGate(inForce.map((x) => ({ weight: x.c.weight, measure: x.c.measure, score: x.score })));
  const counted = inForce
    .map((x) => {
      if (x.score === null) return null;
      const scaled = !x.overridden && isDelivery(x.c.measure) && gate < 1;
      const measured = !x.overridden && !!x.c.measure && x.c.source !== "ai";
      return { weight: x.c.weight, measured, value: scaled ? Math.round(x.score * gate) : x.score };
    })
    .filter((x) => x !== null);
  const weight = counted.reduce((s, x) => s + x.weight, 0);
  const measured = counted.filter((x) => x.measured).reduce((s, x) => s + x.weight, 0);
  const raw = weight > 0 ? curved(counted.reduce((s, x) => s + x.weight * x.value, 0) / weight, measured / weight) : 0;
  return Math.round(ceiling ? Math.min(raw, ceiling.limit) : raw);
}
