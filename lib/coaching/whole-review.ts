import "server-only";

import type { Executor } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { insertCriterionReview, lockReview, selectCriterionReviews } from "@/db/queries/coaching";
import { upsertReview } from "@/db/queries/reviews";
import type { Conversation, Grade } from "@/db/schema";
import type { ReviewInput } from "@/lib/validations/assignment";

import { explicitScore, OVERALL, refreshReviewedScore } from "./review-score";

/** The score an instructor set for the whole grade, if any (see review-score.ts for how it wins). */
export async function wholeGradeScore(db: Executor, conversationId: string, review: { score: number | null } | null) {
  return explicitScore(await selectCriterionReviews(db, conversationId), review);
}

/**
 * The whole-grade review inside the caller's transaction: the note, and the whole-grade score as an
 * "@overall" row when it changes (so an explicit score is told apart from one recomputed from criteria);
 * then the reviewed score is recomputed, queued for the LMS and audited. Answers how many LMS sends were
 * queued: the caller kicks the outbox after its commit.
 */
export async function saveWholeGradeReview(
  tx: Executor,
  input: { conversation: Conversation; grade: Grade; reviewerId: string; input: ReviewInput },
) {
  const id = input.conversation.id;
  const review = await lockReview(tx, id);
  const rows = await selectCriterionReviews(tx, id);
  const before = explicitScore(rows, review);
  const wanted = input.input.score ?? null;
  await upsertReview(tx, {
    conversationId: id,
    reviewerId: input.reviewerId,
    score: review?.score ?? null,
    comment: input.input.comment,
  });
  if (before !== wanted) {
    await insertCriterionReview(tx, {
      conversationId: id,
      criterionId: OVERALL,
      previousScore: before,
      score: wanted,
      reason: input.input.comment,
      reviewerId: input.reviewerId,
    });
  }
  const { reviewed, queued } = await refreshReviewedScore(tx, {
    conversationId: id,
    reviewerId: input.reviewerId,
    grade: input.grade,
  });
  await recordAudit(tx, {
    organizationId: input.conversation.organization_id,
    actorId: input.reviewerId,
    action: "grade.reviewed",
    targetType: "conversation",
    targetId: id,
    details: {
      whole_score_before: before,
      whole_score: wanted,
      reviewed_score_before: review?.score ?? null,
      reviewed_score: reviewed,
      comment: input.input.comment,
    },
  });
  return { queued };
}
