import "server-only";

import type { Executor } from "@/db";
import { lockReview, selectCriterionReviews, setReviewedScore } from "@/db/queries/coaching";
import { findTurns } from "@/db/queries/grades";
import type { Grade, StoredScorecard } from "@/db/schema";
import type { MeasureInput } from "@/lib/grading/measures";
import { rescoreWithOverrides } from "@/lib/grading/overrides";
import { ceiling } from "@/lib/grading/scorecard";
import { queueScoreForLms } from "@/lib/lti/outcomes";

/**
 * The reviewed score of a call (grade_reviews.score, which the dashboard, statistics, export and LMS read):
 * 1. an explicit whole-grade score (the review form's score, kept as "@overall" rows of criterion_reviews) wins;
 * 2. otherwise, with criteria overridden, the overall recomputed from the scorecard (lib/grading/overrides.ts);
 * 3. otherwise none: the automatic score counts.
 * Clearing the whole-grade score falls back to 2; clearing every override falls back to 3.
 */
export const OVERALL = "@overall";

type ReviewRow = Awaited<ReturnType<typeof selectCriterionReviews>>[number];

/** The newest row per criterion (rows come oldest first). */
export function newestByCriterion(rows: ReviewRow[]): Map<string, ReviewRow> {
  const out = new Map<string, ReviewRow>();
  for (const r of rows) out.set(r.criterion_id, r);
  return out;
}

/** The criterion overrides in force: the newest row per criterion, unless it cleared the override. */
function overridesInForce(rows: ReviewRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, r] of newestByCriterion(rows)) if (id !== OVERALL && r.score !== null) out[id] = r.score;
  return out;
}

/**
 * The explicit whole-grade score: the newest "@overall" row; a review saved before criterion reviews
 * existed (no row at all) keeps its score as explicit.
 */
export function explicitScore(rows: ReviewRow[], review: { score: number | null } | null): number | null {
  const overall = newestByCriterion(rows).get(OVERALL);
  if (overall) return overall.score;
  return rows.length === 0 ? (review?.score ?? null) : null;
}

/** The ceiling the call earned, rebuilt from what the grade stored (the same rule as the automatic score). */
async function ceilingOf(db: Executor, conversationId: string, grade: Grade) {
  const card = grade.scorecard as StoredScorecard;
  if (!grade.metrics) return card.cap;
  const input: MeasureInput = {
    kind: card.scenario.kind,
    turns: await findTurns(db, conversationId),
    metrics: grade.metrics as MeasureInput["metrics"],
    topics: [],
    questions: grade.metrics.question_marks as MeasureInput["questions"],
  };
  return ceiling(input, card.scenario);
}

/**
 * Recomputes and stores the reviewed score in the caller's transaction, then queues the call's result for
 * the LMS (queueScoreForLms queues nothing when the score and comment it would send are unchanged).
 * Returns the reviewed score (null: the automatic one counts) and how many LMS sends were queued: the
 * caller kicks the outbox after its commit.
 */
export async function refreshReviewedScore(
  tx: Executor,
  input: { conversationId: string; reviewerId: string | null; grade: Grade },
): Promise<{ reviewed: number | null; queued: number }> {
  const { conversationId, grade } = input;
  const review = await lockReview(tx, conversationId);
  const rows = await selectCriterionReviews(tx, conversationId);
  const overrides = overridesInForce(rows);
  const explicit = explicitScore(rows, review);
  let reviewed = explicit;
  if (reviewed === null && Object.keys(overrides).length > 0 && grade.scorecard) {
    reviewed = rescoreWithOverrides(grade.scorecard, overrides, await ceilingOf(tx, conversationId, grade));
  }
  if (reviewed !== (review?.score ?? null)) {
    await setReviewedScore(tx, { conversationId, reviewerId: input.reviewerId, score: reviewed });
  }
  return { reviewed, queued: await queueScoreForLms(tx, conversationId) };
}

/**
 * For the grader after it re-grades a call (a late turn): the automatic criterion scores moved, so a
 * reviewed score recomputed from overridden criteria is recomputed too, in the grader's transaction.
 */
export async function refreshAfterRegrade(tx: Executor, grade: Grade): Promise<void> {
  const rows = await selectCriterionReviews(tx, grade.conversation_id);
  if (rows.length === 0 || grade.status !== "graded") return;
  await refreshReviewedScore(tx, { conversationId: grade.conversation_id, reviewerId: null, grade });
}
