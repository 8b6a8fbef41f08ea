import { describe, expect, it } from "vitest";
import { computeMetrics } from "@/lib/grading/metrics";
import { communicationScore, gradeWithRubric, spinScore, stageScores } from "@/lib/grading/rubric-grader";
import { feedbackSchema } from "@/lib/grading/grade-schema";
import { discoveryCall, pushyPitch, samplePersona, timedTurns } from "@/lib/grading/sample-calls";

const grade = (lines: typeof discoveryCall, source = "voice") =>
  gradeWithRubric({ persona: samplePersona, turns: timedTurns(lines, source) });

describe("the rubric grader", () => {
  const discovery = grade(discoveryCall);
  const pitch = grade(pushyPitch);

  it("scores a SPIN discovery call at least 20 points above a pushy feature pitch", () => {
    expect(discovery.score - pitch.score).toBeGreaterThanOrEqual(20);
    expect(discovery.score).toBeGreaterThanOrEqual(80);
    expect(pitch.score).toBeLessThan(30);
  });

  it("gives the same transcript the same grade every time", () => {
    expect(grade(discoveryCall)).toEqual(discovery);
    expect(grade(pushyPitch)).toEqual(pitch);
  });

  it("returns every field of the grade in the validated shape and records itself", () => {
    expect(feedbackSchema.parse(discovery.feedback)).toEqual(discovery.feedback);
    expect(discovery).toMatchObject({ grader: "rubric", model: null, stages_covered: ["situation", "problem", "implication", "need-payoff"] });
  });

  it("ties strengths and improvements to what the learner actually said", () => {
    expect(discovery.feedback.strengths[0]).toContain("could you walk me through how orders flow");
    expect(pitch.feedback.strengths).toEqual([]);
    expect(pitch.feedback.areas_for_improvement.join(" ")).toContain("You asked no implication question");
    expect(pitch.feedback.areas_for_improvement.join(" ")).toMatch(/began "So, um, basically we have/);
    expect(pitch.feedback.communication_feedback).toMatch(/'um' x\d+/);
  });

  it("follows the documented rubric for stage, SPIN and communication scores", () => {
    const m = computeMetrics(timedTurns(discoveryCall));
    const stages = stageScores(m);
    // problem: two questions, one open -> 65 + 10 + 15
    expect(stages).toEqual({ situation: 80, problem: 90, implication: 80, "need-payoff": 80 });
    expect(spinScore(stages)).toBe(Math.round(0.2 * 80 + 0.3 * 90 + 0.25 * 80 + 0.25 * 80));
    expect(communicationScore(m)).toBe(100);
    const p = computeMetrics(timedTurns(pushyPitch));
    // no questions -30, talk share 85% -25, fillers -25
    expect(communicationScore(p)).toBe(20);
  });

  it("does not measure pace for a typed conversation, and says so", () => {
    const typed = grade(discoveryCall, "text");
    expect(typed.wpm).toBeNull();
    expect(typed.feedback.communication_feedback).toContain("typed conversation: words per minute not measured");
  });

  it("grades a conversation without learner turns as 0 with an explanation", () => {
    const silent = gradeWithRubric({ persona: samplePersona, turns: timedTurns([["persona", "Hello?", 2]]) });
    expect(silent.score).toBe(0);
    expect(silent.feedback.overall_feedback).toMatch(/ended before you said anything/);
    expect(silent.stages_covered).toEqual([]);
  });
});
