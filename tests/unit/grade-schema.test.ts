import { describe, expect, it } from "vitest";
import { claudeGradeSchema } from "@/lib/grading/grade-schema";
import { verifiedPoints } from "@/lib/grading/claude-grader";

export const validClaudeGrade = {
  conversation_score: 84,
  feedback: {
    overall_feedback: "A disciplined discovery call.",
    spin_score: 86,
    spin_feedback: "All four stages.",
    stage_scores: { situation: 90, problem: 85, implication: 85, "need-payoff": 80 },
    communication_score: 82,
    communication_feedback: "Calm pace.",
    strengths: [{ observation: "Asked about the process first", learner_quote: "could you walk me through how orders flow" }],
    areas_for_improvement: [],
    recommendations: ["Confirm who else decides."],
  },
};

describe("the grader's output schema", () => {
  it("accepts a complete grade", () => {
    expect(claudeGradeSchema.parse(validClaudeGrade)).toEqual(validClaudeGrade);
  });

  it.each([
    ["a score above 100", { ...validClaudeGrade, conversation_score: 120 }, "conversation_score"],
    ["a fractional score", { ...validClaudeGrade, conversation_score: 80.5 }, "conversation_score"],
    ["a score given as text", { ...validClaudeGrade, conversation_score: "84" }, "conversation_score"],
    ["a missing stage", { ...validClaudeGrade, feedback: { ...validClaudeGrade.feedback, stage_scores: { situation: 1, problem: 1, implication: 1 } } }, "feedback.stage_scores.need-payoff"],
    ["strengths without quotes", { ...validClaudeGrade, feedback: { ...validClaudeGrade.feedback, strengths: ["Good job"] } }, "feedback.strengths.0"],
    ["no feedback", { conversation_score: 50 }, "feedback"],
  ])("rejects %s", (_label, value, path) => {
    const result = claudeGradeSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].path.join(".")).toBe(path);
  });
});

describe("quotes in the model's feedback", () => {
  const said = "Thanks, Dana. Could you walk me through how orders flow through your warehouses today?";

  it("keeps points quoting the learner, ignoring case and punctuation, and drops invented ones", () => {
    const points = [
      { observation: "Opened with the process", learner_quote: "could you walk me through how orders flow" },
      { observation: "Asked about budget", learner_quote: "What is your budget?" },
    ];
    expect(verifiedPoints(points, said)).toEqual(['Opened with the process ("could you walk me through how orders flow")']);
  });
});
