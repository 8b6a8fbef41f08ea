import { describe, expect, it } from "vitest";

import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { measureTranscript } from "@/lib/grading/rubric-grader";
import { evaluateScorecard } from "@/lib/grading/scorecard";
import { roleplayFormSchema, roleplayPayloadSchema } from "@/lib/validations/roleplay";
import {
  authoredScorecardSchema,
  SCENARIO_KINDS,
  type Scorecard,
  scorecardSchema,
  weightTotal,
  withWeightsOf100,
} from "@/lib/validations/scorecard";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

const card = (...weights: number[]) => ({
  pass_mark: 70,
  criteria: weights.map((weight, i) => ({ id: `c${i}`, label: `Criterion ${i}`, description: "", weight })),
});
const messagesOf = (input: unknown) => {
  const result = authoredScorecardSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("a scorecard's weights total 100 (issue 23)", () => {
  it.each([
    ["105", card(35, 15, 10, 10, 10, 10, 5, 5, 5), ["criteria: Weights add up to 105; they must total 100"]],
    ["115", card(60, 55), ["criteria: Weights add up to 115; they must total 100"]],
    ["90", card(50, 40), ["criteria: Weights add up to 90; they must total 100"]],
    ["100", card(60, 40), []],
    ["100 in one criterion", card(100), []],
  ])("weights adding up to %s", (_label, input, expected) => {
    expect(messagesOf(input)).toEqual(expected);
  });

  it("leaves a weight that is not a number to its own message, without a misleading total", () => {
    expect(
      messagesOf({ ...card(60, 40), criteria: [card(60).criteria[0], { id: "b", label: "B", weight: "x" }] }),
    ).toEqual(["criteria.1.weight: Criterion weight must be a number"]);
  });

  it("is enforced by the API's payload and the form alike, under the criteria list", () => {
    const payload = {
      name: "n",
      description: "d",
      schema_data: { persona: { name: "P", role: "R", pain_points: ["p"], goals: ["g"] }, scorecard: card(60, 55) },
    };
    for (const schema of [roleplayPayloadSchema, roleplayFormSchema]) {
      const issues = schema.safeParse(payload).error?.issues ?? [];
      expect(issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
        "schema_data.scorecard.criteria",
        "Weights add up to 115; they must total 100",
      ]);
    }
  });

  it("holds for every default scorecard", () => {
    for (const kind of SCENARIO_KINDS) {
      expect(weightTotal(DEFAULT_SCORECARDS[kind].criteria), kind).toBe(100);
      expect(authoredScorecardSchema.safeParse(DEFAULT_SCORECARDS[kind]).success, kind).toBe(true);
    }
  });

  it("still reads and grades a stored scorecard whose weights total 115: the score is a weighted mean", () => {
    const stored: Scorecard = {
      pass_mark: 70,
      criteria: DEFAULT_SCORECARDS["sales-discovery"].criteria.map((c) => ({ ...c, weight: c.weight * 1.15 })),
    };
    expect(scorecardSchema.safeParse({ ...stored, criteria: card(60, 55).criteria }).success).toBe(true);
    const a = measureTranscript({ persona: samplePersona, turns: timedTurns(discoveryCall) });
    const graded = evaluateScorecard(stored, a.scenario, a.measureInput);
    const asDefault = evaluateScorecard(DEFAULT_SCORECARDS["sales-discovery"], a.scenario, a.measureInput);
    expect(graded.score).toBe(asDefault.score);
    expect(graded.score).toBeGreaterThan(0);
  });
});

describe("what an AI-judged criterion means without a model (the editor's warning)", () => {
  const a = measureTranscript({ persona: samplePersona, turns: timedTurns(discoveryCall) });
  const withRapport: Scorecard = {
    pass_mark: 70,
    criteria: [
      ...DEFAULT_SCORECARDS["sales-discovery"].criteria.map((c) => ({
        ...c,
        weight: c.weight - (c.weight > 10 ? 5 : 0),
      })),
      { id: "rapport", label: "Builds rapport", description: "", weight: 10 },
    ],
  };

  it("leaves it out of the score, which is the weighted mean of the other criteria", () => {
    const graded = evaluateScorecard(withRapport, a.scenario, a.measureInput);
    const rapport = graded.criteria.find((c) => c.id === "rapport")!;
    expect(rapport).toMatchObject({ status: "needs_ai", score: null, counted: null, detail: "needs AI grading" });
    const without = { ...withRapport, criteria: withRapport.criteria.filter((c) => c.id !== "rapport") };
    expect(graded.score).toBe(evaluateScorecard(without, a.scenario, a.measureInput).score);
  });

  it("scores every call 0 when no criterion has a built-in measure", () => {
    const aiOnly: Scorecard = {
      pass_mark: 70,
      criteria: card(60, 40).criteria.map((c) => ({ ...c, description: "" })),
    };
    expect(evaluateScorecard(aiOnly, a.scenario, a.measureInput).score).toBe(0);
  });
});

describe("a model's scorecard is scaled to total 100 before it is saved", () => {
  it.each([
    [
      [60, 55],
      [52, 48],
    ],
    [
      [1, 1, 1],
      [34, 33, 33],
    ],
    [
      [50, 50],
      [50, 50],
    ],
    [
      [1, 500, 500],
      [1, 50, 49],
    ],
    [Array(20).fill(100), Array(20).fill(5)],
  ])("%j becomes %j", (weights, expected) => {
    const scaled = withWeightsOf100(card(...weights));
    expect(scaled.criteria.map((c) => c.weight)).toEqual(expected);
    expect(authoredScorecardSchema.safeParse(scaled).success).toBe(true);
  });
});
