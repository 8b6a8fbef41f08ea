import "server-only";

import { getDb } from "@/db";
import { lockConversation } from "@/db/queries/conversations";
import { findGrade } from "@/db/queries/grades";
import { findReview } from "@/db/queries/reviews";
import type { SessionUser } from "@/lib/auth/service";
import { saveWholeGradeReview, wholeGradeScore } from "@/lib/coaching/whole-review";
import { conflict, notFound } from "@/lib/errors";
import { kickLtiOutbox } from "@/lib/lti/outbox";
import type { ReviewInput } from "@/lib/validations/assignment";

export type GradeReviewView = {
  automatic_score: number | null;
  /** The reviewed score that counts: the whole-grade score, else the one recomputed from overridden criteria. */
  reviewed_score: number | null;
  /** The score the instructor set for the whole grade (null: none, the criteria decide). */
  whole_score: number | null;
  final_score: number | null;
  comment: string;
  reviewer: string | null;
  reviewed_at: string;
};

/**
 * An admin of the conversation's organisation comments on its grade and may override the
 * score (the comment is then the reason). The automatic score stays in grades.
 * Anyone else, and unknown ids, get the same 404; an ungraded conversation is a 409.
 */
export async function reviewGrade(
  caller: SessionUser,
  conversationId: string,
  input: ReviewInput,
): Promise<GradeReviewView> {
  const db = await getDb();
  const { id, grade, queued } = await db.transaction(async (tx) => {
    // Locked: a whole-grade review and a criterion override of the same call apply one after the other.
    const conversation = await lockConversation(tx, { conversationId, scope: { reviewerId: caller.id } });
    if (!conversation) throw notFound("Conversation not found", "conversation");
    const grade = await findGrade(tx, conversation.id);
    if (grade?.status !== "graded") throw conflict("Only a graded conversation can be reviewed");
    const { queued } = await saveWholeGradeReview(tx, { conversation, grade, reviewerId: caller.id, input });
    return { id: conversation.id, grade, queued };
  });
  if (queued > 0) kickLtiOutbox();
  return (await reviewOf(id, grade.state === "too_little" ? null : grade.score))!;
}

/** The instructor's review shown on the grade page, beside the automatic score. */
export async function reviewOf(conversationId: string, automaticScore: number | null): Promise<GradeReviewView | null> {
  const db = await getDb();
  const row = await findReview(db, conversationId);
  if (!row) return null;
  return {
    automatic_score: automaticScore,
    reviewed_score: row.score,
    whole_score: await wholeGradeScore(db, conversationId, row),
    final_score: row.score ?? automaticScore,
    comment: row.comment,
    reviewer: row.reviewer_name,
    reviewed_at: row.updated_at.toISOString(),
  };
}
