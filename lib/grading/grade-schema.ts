import { z } from "zod";

import type { GradeState } from "@/db/schema/grade-shape";
import type { SpinStage } from "@/lib/language";
import type { Scenario } from "@/lib/validations/scorecard";

import type { TranscriptMetrics } from "./metrics";
import type { ScorecardResult } from "./scorecard";

const score = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0)
    .max(100);

const stageScoresSchema = z.object({
  situation: score("situation score"),
  problem: score("problem score"),
  implication: score("implication score"),
  "need-payoff": score("need-payoff score"),
});

/** The feedback a grade carries, whichever grader made it. */
export const feedbackSchema = z.object({
  overall_feedback: z.string().min(1),
  spin_score: score("spin_score"),
  spin_feedback: z.string().min(1),
  stage_scores: stageScoresSchema,
  communication_score: score("communication_score"),
  communication_feedback: z.string().min(1),
  strengths: z.array(z.string()),
  areas_for_improvement: z.array(z.string()),
  recommendations: z.array(z.string()),
});
export type GradeFeedback = z.infer<typeof feedbackSchema>;

/**
 * A learner question as the grade reports it: `turn` indexes the transcript. `counted` says whether
 * it is one of the discovery questions every count, bar and note is built from (answered by the buyer,
 * not buried in the learner's own talk); `why` names the rule or model that labelled it.
 */
export type GradeQuestion = {
  turn: number;
  text: string;
  stage: SpinStage | null;
  open: boolean;
  follow_up: boolean;
  act?: string;
  counted?: boolean;
  why?: string;
};

/**
 * "too_little": the learner said too little for a real grade. It is a state, not a score: left out of
 * averages, trends, progress and the gradebook's score column. `score` still carries the capped value
 * the scorecard computed, for the grade page's explanation. The database owns the stored shapes.
 */
export type { GradeState };

/** What a grader produces and the pipeline stores in one statement. */
export type GradeResult = {
  state: GradeState;
  scenario: Scenario;
  scorecard: ScorecardResult;
  questions: GradeQuestion[];
  score: number;
  wpm: number | null;
  stages_covered: string[];
  topics_covered: string[];
  feedback: GradeFeedback;
  metrics: TranscriptMetrics;
  grader: "ai" | "rubric";
  model: string | null;
  /**
   * Set when a model was asked but its answer was unusable (cut off, not JSON, not the schema's shape):
   * the rubric graded instead and this says why. Stored in `grades.error` of the graded row.
   */
  offline_reason?: string;
};
