import { describe, expect, it } from "vitest";
import { classifyQuestion, isOpenQuestion, spinStage } from "@/lib/grading/spin";

describe("SPIN classification of a learner's question", () => {
  it.each([
    ["Could you walk me through how orders flow through your warehouses today?", "situation"],
    ["How many people are on your team?", "situation"],
    ["Which system do you use for picking?", "situation"],
    ["What happens during peak weeks when the volume jumps?", "problem"],
    ["What's the biggest challenge with your current carrier?", "problem"],
    ["Are you happy with how fast orders ship?", "problem"],
    ["How does missing the cut-off affect your customers?", "implication"],
    ["What does that mean for your overtime budget?", "implication"],
    ["What impact does that have on the team?", "implication"],
    ["If you could ship 99% same day, what would that mean for you?", "need-payoff"],
    ["How would it help if pick errors were caught before packing?", "need-payoff"],
    ["How valuable would a same-day guarantee be?", "need-payoff"],
  ] as const)("%s -> %s", (question, stage) => {
    expect(spinStage(question)).toBe(stage);
  });

  it("leaves a closed question with no cue without a stage", () => {
    expect(classifyQuestion("Would it make sense to meet next week?")).toEqual({ open: false, stage: null });
    expect(classifyQuestion("Is Tuesday good?")).toEqual({ open: false, stage: null });
  });
});

describe("open and closed questions", () => {
  it.each([
    ["What gets in the way?", true],
    ["So, how do you track errors today?", true],
    ["Before I say anything, could you walk me through your process?", true],
    ["Can you tell me how the night shift works?", true],
    ["Tell me about your team?", true],
    ["Do you have problems with shipping?", false],
    ["Is that a priority for you?", false],
    ["Would you like a demo?", false],
    ["You use spreadsheets?", false],
  ] as const)("%s -> open %s", (question, open) => {
    expect(isOpenQuestion(question)).toBe(open);
  });
});
