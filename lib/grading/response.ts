import type { Conversation, ConversationTurn, Grade, StoredMetrics, StoredScorecard } from "@/db/schema";
import type { TurnCommentView } from "@/lib/coaching/comments";
import type { CriterionReviewView } from "@/lib/coaching/criteria";
import { explainDecision } from "@/lib/language";
import type { Scenario } from "@/lib/validations/scorecard";

import type { GradeFeedback, GradeQuestion, GradeResult, GradeState } from "./grade-schema";
import type { MarkedQuestion } from "./questions";
import type { ScorecardResult } from "./scorecard";

type Turn = Pick<ConversationTurn, "seq" | "speaker" | "text" | "source" | "started_at">;

export type TranscriptEntry = Omit<Turn, "started_at"> & {
  started_at: string;
  questions: {
    text: string;
    open: boolean;
    stage: MarkedQuestion["stage"];
    follow_up: boolean;
    counted?: boolean;
    why?: string;
  }[];
};

/** A grade's state as the APIs spell it: "too little to grade" is shown in place of a score. */
type GradeStateName = "graded" | "too_little_to_grade";
export const gradeStateName = (state: GradeState): GradeStateName =>
  state === "too_little" ? "too_little_to_grade" : "graded";

/** The grade as the grade page and its API show it, plus how it was made and the evidence behind it. */
export type GradeResponse = {
  status: "graded";
  grade_state: GradeStateName;
  conversation_id: string;
  conversation_name: string;
  persona_name: string;
  source: "practice" | "real_call";
  /** For a real call, the speaker label in the uploaded file that was the learner. */
  learner_label: string | null;
  /** For "too_little_to_grade", the capped number the scorecard computed: an explanation, never the score. */
  conversation_score: number;
  started_at: string;
  ended_at: string | null;
  wpm: number | null;
  stages_covered: string[];
  topics_covered: string[];
  feedback: GradeFeedback;
  grader: "ai" | "rubric";
  model: string | null;
  /** Set when a model was asked but its answer was unusable, so the rubric graded: why. */
  graded_offline_reason: string | null;
  graded_at: string | null;
  metrics: StoredMetrics | null;
  transcript: TranscriptEntry[];
  /** When the organisation's retention deleted the transcript (then `transcript` is empty); the grade stays. */
  transcript_deleted_at: string | null;
  scenario: Scenario | null;
  /** Criterion by criterion: score, weight, evidence quote, better line, pass/fail against the pass mark. */
  scorecard: ScorecardResult | null;
  /** Every learner question in order: `turn` indexes `transcript`; stage null for "not a discovery question". */
  questions: GradeQuestion[];
  /** An instructor's corrected score, null when nobody reviewed the score. */
  reviewed_score: number | null;
  /** The score that counts everywhere: the reviewed one, else the automatic one (null for too little to grade). */
  final_score: number | null;
  /** Instructors' comments on the lines (`turn_seq` is a transcript entry's `seq`); absent outside the database. */
  comments?: TurnCommentView[];
  /** Criteria an instructor changed: automatic score, score in force, and each change with its reason. */
  criterion_reviews?: CriterionReviewView[];
};

/** Questions of a stored grade; grades made before `turn` existed get it from the turn's position. */
function questionsOf(marks: StoredMetrics["question_marks"], turns: Turn[]): GradeQuestion[] {
  return marks.map((q) => ({
    turn: q.turn ?? turns.findIndex((t) => t.seq === q.seq),
    text: q.text,
    stage: q.stage,
    open: q.open,
    follow_up: q.follow_up ?? false,
    // The same rule as the grade's counts (questions.ts discoveryQuestions), for grades stored without it.
    ...(q.act ? { act: q.act } : {}),
    counted: q.stage !== null && q.answered !== false && !q.embedded,
    ...(q.decision ? { why: explainDecision(q.decision) } : {}),
  }));
}

function transcriptOf(turns: Turn[], questions: GradeQuestion[]): TranscriptEntry[] {
  return turns.map((t, i) => ({
    seq: t.seq,
    speaker: t.speaker,
    text: t.text,
    source: t.source,
    started_at: t.started_at.toISOString(),
    questions: questions
      .filter((q) => q.turn === i)
      .map(({ text, open, stage, follow_up, counted, why }) => ({ text, open, stage, follow_up, counted, why })),
  }));
}

/** Grades made before scorecards existed have neither. */
function splitScorecard(stored: StoredScorecard | null) {
  if (!stored) return { scenario: null, scorecard: null };
  const { scenario, ...scorecard } = stored;
  return { scenario, scorecard };
}

/** The graders' sentence about the score and the pass mark (rubric-feedback.ts, claude-grader.ts). */
const SCORE_SENTENCE =
  /(?:Your score of \d+ (?:passes|is below) the pass mark of \d+|Score \d+ against a pass mark of \d+)\./;

/**
 * Once a review changed the score, the overall feedback speaks of the score that counts: the rubric's
 * score sentence is rewritten, and any other text (an AI grader's) is preceded by the reviewed verdict.
 */
function reviewedOverall(
  text: string,
  score: { automatic: number | null; reviewed: number | null; passMark: number | null },
): string {
  const { automatic, reviewed, passMark } = score;
  if (reviewed === null || reviewed === automatic) return text;
  const against =
    passMark === null ? "" : ` ${reviewed >= passMark ? "passes" : "is below"} the pass mark of ${passMark}`;
  const was = automatic === null ? "automatically: too little to grade" : `automatic score ${automatic}`;
  const sentence = `Your reviewed score of ${reviewed}${against} (${was}).`;
  return SCORE_SENTENCE.test(text) ? text.replace(SCORE_SENTENCE, sentence) : `${sentence} ${text}`;
}

export function gradeResponse(
  conversation: Conversation,
  grade: Grade,
  turns: Turn[],
  reviewedScore: number | null = null,
): GradeResponse {
  const { metrics } = grade;
  const automatic = grade.state === "too_little" ? null : grade.score;
  const passMark = grade.scorecard?.pass_mark ?? null;
  const questions = questionsOf(metrics?.question_marks ?? [], turns);
  const { scenario, scorecard } = splitScorecard(grade.scorecard);
  return {
    status: "graded",
    grade_state: gradeStateName(grade.state),
    conversation_id: conversation.id,
    conversation_name: conversation.schema_name,
    persona_name: conversation.persona.name,
    // 'real_call': an uploaded transcript of a call outside Parley, graded on the roleplay's scorecard.
    source: conversation.source,
    learner_label: conversation.learner_label,
    // A too-little grade stores no score; the spec's field stays a number.
    conversation_score: grade.score ?? grade.scorecard?.score ?? 0,
    started_at: conversation.started_at.toISOString(),
    ended_at: conversation.ended_at?.toISOString() ?? null,
    wpm: grade.wpm,
    stages_covered: grade.stages_covered ?? [],
    topics_covered: grade.topics_covered ?? [],
    // A graded row gets its feedback in the same statement as its score (saveGradeResult).
    feedback: {
      ...grade.feedback!,
      overall_feedback: reviewedOverall(grade.feedback!.overall_feedback, {
        automatic,
        reviewed: reviewedScore,
        passMark,
      }),
    },
    grader: grade.grader ?? "rubric",
    model: grade.model,
    graded_offline_reason: grade.grader === "rubric" && grade.status === "graded" ? grade.error : null,
    graded_at: grade.graded_at?.toISOString() ?? null,
    metrics,
    transcript: transcriptOf(turns, questions),
    transcript_deleted_at: conversation.transcript_purged_at?.toISOString() ?? null,
    scenario,
    scorecard,
    questions,
    reviewed_score: reviewedScore,
    final_score: reviewedScore ?? automatic,
  };
}

/** A grade of a transcript graded outside the database: no conversation id, and no date for a typed transcript. */
export type GradeDocument = Omit<GradeResponse, "conversation_id" | "started_at" | "source" | "learner_label"> & {
  conversation_id: null;
  started_at: string | null;
};

/** The same grade document for a transcript graded outside the database (the grading CLI). */
export function gradeDocument(
  result: GradeResult,
  turns: (Turn & { ended_at: Date })[],
  names: { conversation: string; persona: string },
): GradeDocument {
  const timed = turns.some((t) => t.source === "voice");
  return {
    status: "graded",
    grade_state: gradeStateName(result.state),
    conversation_id: null,
    conversation_name: names.conversation,
    persona_name: names.persona,
    conversation_score: result.score,
    started_at: timed && turns.length ? turns[0].started_at.toISOString() : null,
    ended_at: timed && turns.length ? turns[turns.length - 1].ended_at.toISOString() : null,
    wpm: result.wpm,
    stages_covered: result.stages_covered,
    topics_covered: result.topics_covered,
    feedback: result.feedback,
    grader: result.grader,
    model: result.model,
    graded_offline_reason: result.offline_reason ?? null,
    graded_at: null,
    metrics: result.metrics,
    transcript: transcriptOf(turns, result.questions),
    transcript_deleted_at: null,
    scenario: result.scenario,
    scorecard: result.scorecard,
    questions: result.questions,
    reviewed_score: null,
    final_score: result.state === "too_little" ? null : result.score,
  };
}
