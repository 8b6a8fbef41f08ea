import { describe, expect, it } from "vitest";

import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { rescoreWithOverrides } from "@/lib/grading/overrides";
import { gradeWithRubric } from "@/lib/grading/rubric-grader";
import { ceiling, type CriterionResult, curved } from "@/lib/grading/scorecard";

import { discoveryCall, pushyPitch, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

const criterion = (id: string, weight: number, score: number | null, measure: CriterionResult["measure"] = null) =>
  ({ id, label: id, weight, measure, score }) as CriterionResult;

describe("the overall recomputed from overridden criteria", () => {
  const card = {
    criteria: [criterion("spin", 60, 40, "spin"), criterion("listening", 40, 80, "listening")],
  };

  it.each<{ name: string; overrides: Record<string, number>; cap: { limit: number } | null; expected: number }>([
    { name: "no override: the weighted mean", overrides: {}, cap: null, expected: 56 },
    { name: "one override replaces its criterion", overrides: { spin: 70 }, cap: null, expected: 74 },
    { name: "several overrides", overrides: { spin: 70, listening: 20 }, cap: null, expected: 50 },
    { name: "an override of 0 counts as 0", overrides: { listening: 0 }, cap: null, expected: 24 },
    {
      name: "the call's ceiling still holds",
      overrides: { spin: 100, listening: 100 },
      cap: { limit: 55 },
      expected: 55,
    },
    { name: "a ceiling above the result changes nothing", overrides: { spin: 70 }, cap: { limit: 95 }, expected: 74 },
  ])("$name", ({ overrides, cap, expected }) => {
    expect(rescoreWithOverrides(card, overrides, cap)).toBe(expected);
  });

  it("a criterion with no automatic score (needs AI grading) counts once an instructor scores it", () => {
    const withJudged = { criteria: [...card.criteria, criterion("rapport", 100, null)] };
    expect(rescoreWithOverrides(withJudged, {}, null)).toBe(56);
    expect(rescoreWithOverrides(withJudged, { rapport: 90 }, null)).toBe(73); // (2400 + 3200 + 9000) / 200
  });

  it("delivery without an override is scaled by the substance in force; an overridden delivery criterion counts as given", () => {
    const styled = { criteria: [criterion("spin", 50, 40, "spin"), criterion("fillers", 50, 80, "fillers")] };
    // Gate 0.5 + 0.5 * 0.4 = 0.7: fillers count 56, overall (20 + 28) = 48.
    expect(rescoreWithOverrides(styled, {}, null)).toBe(48);
    // Substance raised to 100: the gate opens (1.0), fillers count 80. The mean, 90, is above GOOD (75) and half
    // of its weight is still measured: 90 - 15 * 0.25 * 0.5 = 88.
    expect(rescoreWithOverrides(styled, { spin: 100 }, null)).toBe(88);
    // The instructor's 80 for fillers is not scaled again.
    expect(rescoreWithOverrides(styled, { fillers: 80 }, null)).toBe(60);
  });

  it("holds back a quarter of each measured point above 75, never an instructor's: every criterion overridden to 90 gives 90", () => {
    const high = { criteria: [criterion("spin", 60, 100, "spin"), criterion("listening", 40, 90, "listening")] };
    // Measured 96: 96 - 21 * 0.25 = 90.75.
    expect(rescoreWithOverrides(high, {}, null)).toBe(91);
    expect(rescoreWithOverrides(high, { spin: 90, listening: 90 }, null)).toBe(90);
    expect(rescoreWithOverrides(high, { spin: 100, listening: 100 }, null)).toBe(100);
    // Below 75 nothing is held back.
    expect(rescoreWithOverrides(high, { spin: 70, listening: 70 }, null)).toBe(70);
    expect(curved(74, 1)).toBe(74);
    expect(curved(100, 1)).toBe(93.75);
    expect(curved(100, 0)).toBe(100);
  });

  it("gives back the automatic score of real graded calls exactly when nothing is overridden", () => {
    for (const lines of [discoveryCall, pushyPitch]) {
      const turns = timedTurns(lines);
      const result = gradeWithRubric({ persona: samplePersona, turns });
      const cap = ceiling(
        {
          kind: result.scenario.kind,
          turns,
          metrics: result.metrics,
          topics: [],
          questions: result.metrics.question_marks,
        },
        result.scenario,
      );
      expect(rescoreWithOverrides(result.scorecard, {}, cap)).toBe(result.score);
    }
    expect(DEFAULT_SCORECARDS["sales-discovery"].criteria.length).toBeGreaterThan(3);
  });
});
