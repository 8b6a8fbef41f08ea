import "server-only";

import type { Executor } from "@/db";
import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { insertCriterionReview, lockReview, selectCriterionReviews } from "@/db/queries/coaching";
import { findConversation, lockConversation } from "@/db/queries/conversations";
import { findGrade } from "@/db/queries/grades";
import { findReview } from "@/db/queries/reviews";
import type { SessionUser } from "@/lib/auth/service";
import { conflict, notFound } from "@/lib/errors";
import { kickLtiOutbox } from "@/lib/lti/outbox";
import type { CriterionOverrideInput } from "@/lib/validations/coaching";

import { newestByCriterion, OVERALL, refreshReviewedScore } from "./review-score";

/** One change to a criterion, as the grade page and the API show it. */
export type CriterionChange = {
  previous_score: number | null;
  score: number | null;
  reason: string;
  reviewer: string | null;
  changed_at: string;
};

/** A criterion an instructor reviewed: the automatic score stays beside the one in force. */
export type CriterionReviewView = {
  criterion_id: string;
  label: string;
  automatic_score: number | null;
  /** The score in force: the override, or the automatic one once cleared. */
  score: number | null;
  overridden: boolean;
  /** Newest first. */
  history: CriterionChange[];
};

type CriterionReviewsAnswer = {
  criteria: CriterionReviewView[];
  automatic_score: number | null;
  reviewed_score: number | null;
  final_score: number | null;
};

/** The reviewed criteria of a graded call (empty when nobody overrode one). */
export async function criterionReviewsOf(
  db: Executor,
  conversationId: string,
  criteria: readonly { id: string; label: string; score: number | null }[],
) {
  const rows = (await selectCriterionReviews(db, conversationId)).filter((r) => r.criterion_id !== OVERALL);
  const newest = newestByCriterion(rows);
  return criteria
    .filter((c) => newest.has(c.id))
    .map((c): CriterionReviewView => {
      const last = newest.get(c.id)!;
      return {
        criterion_id: c.id,
        label: c.label,
        automatic_score: c.score,
        score: last.score ?? c.score,
        overridden: last.score !== null,
        history: rows
          .filter((r) => r.criterion_id === c.id)
          .reverse()
          .map((r) => ({
            previous_score: r.previous_score,
            score: r.score,
            reason: r.reason,
            reviewer: r.reviewer,
            changed_at: r.created_at.toISOString(),
          })),
      };
    });
}

/** A graded call with a scorecard that an admin of its organisation may review; anything else is 404 or 409. */
async function reviewableGrade(tx: Executor, caller: SessionUser, conversationId: string, lock = false) {
  // A change locks the call, so two reviewers' changes apply one after the other and each recomputes from both.
  const find = lock ? lockConversation : findConversation;
  const conversation = await find(tx, { conversationId, scope: { reviewerId: caller.id } });
  if (!conversation) throw notFound("Conversation not found", "conversation");
  const grade = await findGrade(tx, conversation.id);
  if (grade?.status !== "graded") throw conflict("Only a graded conversation can be reviewed");
  if (grade.state === "too_little") {
    throw conflict("Too little was said to score criteria: give this call a score in the whole-grade review");
  }
  if (!grade.scorecard) throw conflict("This grade was made before scorecards: review the whole grade instead");
  return { conversation, grade };
}

/**
 * An admin of the call's organisation overrides one criterion's score (0-100, the scale of every
 * criterion) with a reason, or clears the override (score null) to restore the automatic value. The
 * change is appended to criterion_reviews and the audit log, and the reviewed score is recomputed, in
 * one transaction.
 */
export async function overrideCriterion(
  caller: SessionUser,
  conversationId: string,
  criterionId: string,
  input: CriterionOverrideInput,
): Promise<CriterionReviewsAnswer> {
  const db = await getDb();
  const { answer, queued } = await db.transaction(async (tx) => {
    const { conversation, grade } = await reviewableGrade(tx, caller, conversationId, true);
    const id = conversation.id;
    const criterion = grade.scorecard!.criteria.find((c) => c.id === criterionId);
    if (!criterion) throw notFound("Criterion not found", "criterion");
    const review = await lockReview(tx, id);
    const rows = await selectCriterionReviews(tx, id);
    const last = newestByCriterion(rows).get(criterionId);
    const overridden = last !== undefined && last.score !== null;
    if (input.score === null && !overridden) throw conflict("This criterion has no override to clear");
    // A whole-grade score given before criterion reviews existed stays explicit: write it down first.
    if (rows.length === 0 && review?.score !== null && review?.score !== undefined) {
      await insertCriterionReview(tx, {
        conversationId: id,
        criterionId: OVERALL,
        previousScore: null,
        score: review.score,
        reason: review.comment || "Whole-grade review",
        reviewerId: caller.id,
      });
    }
    const previous = overridden ? last.score : criterion.score;
    await insertCriterionReview(tx, {
      conversationId: id,
      criterionId,
      previousScore: previous,
      score: input.score,
      reason: input.reason,
      reviewerId: caller.id,
    });
    const before = review?.score ?? null;
    const { reviewed, queued } = await refreshReviewedScore(tx, { conversationId: id, reviewerId: caller.id, grade });
    await recordAudit(tx, {
      organizationId: conversation.organization_id,
      actorId: caller.id,
      action: input.score === null ? "grade.criterion_cleared" : "grade.criterion_overridden",
      targetType: "conversation",
      targetId: id,
      details: {
        criterion_id: criterionId,
        automatic_score: criterion.score,
        previous_score: previous,
        score: input.score ?? criterion.score,
        reason: input.reason,
        reviewed_score_before: before,
        reviewed_score: reviewed,
      },
    });
    const automatic = grade.score;
    const answer: CriterionReviewsAnswer = {
      criteria: await criterionReviewsOf(tx, id, grade.scorecard!.criteria),
      automatic_score: automatic,
      reviewed_score: reviewed,
      final_score: reviewed ?? automatic,
    };
    return { answer, queued };
  });
  if (queued > 0) kickLtiOutbox();
  return answer;
}

/** GET: the reviewed criteria of a call, for an admin of its organisation. */
export async function listCriterionReviews(caller: SessionUser, conversationId: string) {
  const db = await getDb();
  const { conversation, grade } = await reviewableGrade(db, caller, conversationId);
  const review = (await findReview(db, conversation.id))?.score ?? null;
  return {
    criteria: await criterionReviewsOf(db, conversation.id, grade.scorecard!.criteria),
    automatic_score: grade.score,
    reviewed_score: review,
    final_score: review ?? grade.score,
  } satisfies CriterionReviewsAnswer;
}
