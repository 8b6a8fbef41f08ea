import { describe, expect, it } from "vitest";

import { claudeGradeSchema, verifiedPoints } from "@/lib/grading/claude-grader";

const validClaudeGrade = {
  question_labels: [{ index: 0, stage: "situation" }],
  criteria: [
    {
      id: "discovery",
      score: 84,
      learner_quote: "could you walk me through how orders flow",
      better_line: null,
      comment: "Opened with the process before any pitch.",
    },
  ],
  overall_feedback: "A disciplined discovery call.",
  strengths: [
    { observation: "Asked about the process first", learner_quote: "could you walk me through how orders flow" },
  ],
  areas_for_improvement: [],
  recommendations: ["Confirm who else decides."],
};

describe("the grader's output schema", () => {
  it("accepts a complete grade", () => {
    expect(claudeGradeSchema.parse(validClaudeGrade)).toEqual(validClaudeGrade);
  });

  it.each([
    ["question labels given as text", { ...validClaudeGrade, question_labels: "all situation" }, "question_labels"],
    [
      "an unknown stage",
      { ...validClaudeGrade, question_labels: [{ index: 0, stage: "closing" }] },
      "question_labels.0.stage",
    ],
    [
      "a criterion scored above 100",
      { ...validClaudeGrade, criteria: [{ ...validClaudeGrade.criteria[0], score: 120 }] },
      "criteria.0.score",
    ],
    [
      "a criterion with a fractional score",
      { ...validClaudeGrade, criteria: [{ ...validClaudeGrade.criteria[0], score: 80.5 }] },
      "criteria.0.score",
    ],
    ["a strength without the learner's words", { ...validClaudeGrade, strengths: ["Good job"] }, "strengths.0"],
    ["no overall feedback", { ...validClaudeGrade, overall_feedback: "" }, "overall_feedback"],
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
    expect(verifiedPoints(points, said)).toEqual([
      'Opened with the process ("could you walk me through how orders flow")',
    ]);
  });
});
