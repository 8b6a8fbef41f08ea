/**
 * The shapes of a grade as the database stores it (the jsonb columns of `grades` and `grade_cache`),
 * owned here so that db/ needs nothing from lib/grading. lib/grading produces these shapes; its own
 * types may be narrower, and tests/unit/grade-shape.test.ts fails when they stop fitting.
 */

/** "too_little": too little said for a real grade; a state, not a score (db/schema/conversations.ts). */
export type GradeState = "graded" | "too_little";

export type StoredSpinStage = "situation" | "problem" | "implication" | "need-payoff";

export type StoredFeedback = {
  overall_feedback: string;
  spin_score: number;
  spin_feedback: string;
  stage_scores: Record<StoredSpinStage, number>;
  communication_score: number;
  communication_feedback: string;
  strengths: string[];
  areas_for_improvement: string[];
  recommendations: string[];
};

/** A learner question in stored metrics: grades made before `turn`, `follow_up`, `act` and `decision` lack them. */
export type StoredQuestionMark = {
  seq: number;
  turn?: number;
  text: string;
  open: boolean;
  stage: StoredSpinStage | null;
  act?: string;
  decision?: { by: "rule"; rule: string } | { by: "model"; p: number };
  follow_up?: boolean;
  answered?: boolean;
  embedded?: boolean;
};

export type StoredMetrics = {
  /** 'voice' when every learner turn was spoken, 'typed' when every one was typed, else 'mixed'. */
  timing: "voice" | "typed" | "mixed";
  learner_turns: number;
  learner_words: number;
  learner_seconds: number;
  persona_seconds: number;
  /** Words per minute over spoken learner turns only; null when none were spoken. */
  wpm: number | null;
  /** The learner's share of talk time, 0..1 (null when nobody spoke). */
  talk_ratio: number | null;
  /** The learner's share of the words said, 0..1 (null when nobody spoke). */
  talk_share_words: number | null;
  /** Learner talk time divided by persona talk time (null when the persona never spoke). */
  talk_to_listen: number | null;
  questions: number;
  open_questions: number;
  /** Counted discovery questions that build on the buyer's previous answer (the listening criterion's numerator). */
  follow_ups: number;
  fillers: number;
  filler_counts: Record<string, number>;
  fillers_per_minute: number;
  longest_monologue_seconds: number;
  longest_monologue_words: number;
  longest_monologue_seq: number | null;
  question_marks: StoredQuestionMark[];
  stages_covered: StoredSpinStage[];
  topics_covered: string[];
};

/** `Measure`: the built-in measures' names (db/schema/conversations.ts passes lib/validations' list). */
export type StoredCriterionResult<Measure extends string = string> = {
  id: string;
  label: string;
  description: string;
  weight: number;
  measure: Measure | null | undefined;
  status: "scored" | "needs_ai" | "not_measured";
  score: number | null;
  /** What the criterion adds to the total: delivery criteria count as far as the substance does. */
  counted: number | null;
  /** Against the scorecard's pass mark; null when not scored. */
  passed: boolean | null;
  detail: string;
  /** The learner's own words this criterion is judged on (verbatim), when there are any. */
  evidence: string | null;
  evidence_turn: number | null;
  /** A line the learner could have said instead. */
  better_line: string | null;
  source: "measured" | "ai" | null;
};

export type StoredScorecardResult<Measure extends string = string> = {
  pass_mark: number;
  score: number;
  passed: boolean;
  /** `code` "too_little" marks the ceilings for too little to grade (grades stored before codes lack it). */
  cap: { limit: number; reason: string; code?: "too_little" } | null;
  /** The criteria's weighted mean, when part of it above 75 was held back for a coach's judgement (grading/scorecard.ts `curved`). */
  mean?: number;
  criteria: StoredCriterionResult<Measure>[];
};

/** Claude's grading answer as kept in grade_cache. */
export type CachedModelGrade = {
  question_labels: { index: number; stage: StoredSpinStage | "none" }[];
  criteria: { id: string; score: number; learner_quote: string | null; better_line: string | null; comment: string }[];
  overall_feedback: string;
  strengths: { observation: string; learner_quote: string }[];
  areas_for_improvement: { observation: string; learner_quote: string }[];
  recommendations: string[];
};
