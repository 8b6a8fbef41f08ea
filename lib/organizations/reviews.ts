import "server-only";

import { getDb } from "@/db";
import { findConversation } from "@/db/queries/conversations";
import { findGrade } from "@/db/queries/grades";
import { findMembership } from "@/db/queries/memberships";
import { findReview, upsertReview } from "@/db/queries/reviews";
import type { SessionUser } from "@/lib/auth/service";
import { conflict, notFound } from "@/lib/errors";
import type { ReviewInput } from "@/lib/validations/assignment";

export type GradeReviewView = {
  automatic_score: number | null;
  reviewed_score: number | null;
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
  const conversation = await findConversation(db, { conversationId, scope: { reviewerId: caller.id } });
  if (!conversation) throw notFound("Conversation not found");
  const id = conversation.id;
  const grade = await findGrade(db, id);
  if (grade?.status !== "graded") throw conflict("Only a graded conversation can be reviewed");
  await upsertReview(db, {
    conversationId: id,
    reviewerId: caller.id,
    score: input.score ?? null,
    comment: input.comment,
  });
  return (await reviewOf(id, grade.score))!;
}

/** The instructor's review shown on the grade page, beside the automatic score. */
export async function reviewOf(conversationId: string, automaticScore: number | null): Promise<GradeReviewView | null> {
  const row = await findReview(await getDb(), conversationId);
  if (!row) return null;
  return {
    automatic_score: automaticScore,
    reviewed_score: row.score,
    final_score: row.score ?? automaticScore,
    comment: row.comment,
    reviewer: row.reviewer_name,
    reviewed_at: row.updated_at.toISOString(),
  };
}

/** Whether this user may review grades of a conversation: an admin of its organisation. */
export async function canReview(user: SessionUser, organizationId: string | null): Promise<boolean> {
  if (!organizationId) return false;
  const membership = await findMembership(await getDb(), { userId: user.id, organizationId });
  return membership?.role === "admin";
}
