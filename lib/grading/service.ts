import "server-only";

import { getDb } from "@/db";
import { findConversation } from "@/db/queries/conversations";
import { findGrade, findTurns, requeueFailedGrade } from "@/db/queries/grades";
import { findReview } from "@/db/queries/reviews";
import type { Conversation, Grade } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/service";
import { commentsOf } from "@/lib/coaching/comments";
import { criterionReviewsOf } from "@/lib/coaching/criteria";
import { conflict, notFound } from "@/lib/errors";
import { idOrNotFound } from "@/lib/validations/id";

import { type GradeResponse, gradeResponse } from "./response";
import { kickGrader } from "./worker";

export type GradeView =
  | { state: "in_progress"; conversation: Conversation }
  | { state: "missing"; conversation: Conversation }
  | { state: "pending"; conversation: Conversation; attempts: number }
  | { state: "failed"; conversation: Conversation; error: string; attempts: number }
  | { state: "graded"; conversation: Conversation; grade: GradeResponse };

/**
 * The conversation, if this user may read its grade: its owner, the admins of its organisation
 * and developers. Everyone else (and unknown ids) gets the same 404.
 */
async function readableConversation(user: SessionUser, id: string): Promise<Conversation> {
  // The grade page passes its URL segment straight here.
  const conversationId = idOrNotFound(id, "Conversation");
  const scope = { readerId: user.id, isDev: user.isDev };
  const conversation = await findConversation(await getDb(), { conversationId, scope });
  if (!conversation) throw notFound("Conversation not found");
  return conversation;
}

export async function getGradeView(user: SessionUser, id: string): Promise<GradeView> {
  const conversation = await readableConversation(user, id);
  if (conversation.status === "active") return { state: "in_progress", conversation };
  const db = await getDb();
  const grade: Grade | null = await findGrade(db, id);
  if (!grade) return { state: "missing", conversation };
  if (grade.status === "pending") return { state: "pending", conversation, attempts: grade.attempts };
  if (grade.status === "failed") {
    return { state: "failed", conversation, error: grade.error ?? "Grading failed", attempts: grade.attempts };
  }
  const [turns, review, comments, criteria] = await Promise.all([
    findTurns(db, id),
    findReview(db, id),
    commentsOf(db, id),
    criterionReviewsOf(db, id, grade.scorecard?.criteria ?? []),
  ]);
  const response = gradeResponse(conversation, grade, turns, review?.score ?? null);
  return { state: "graded", conversation, grade: { ...response, comments, criterion_reviews: criteria } };
}

/** Puts a failed grade back in the queue (owner, organisation admins, developers). */
export async function retryGrading(user: SessionUser, id: string): Promise<{ status: "pending" }> {
  const view = await getGradeView(user, id);
  if (view.state === "in_progress") throw conflict("The conversation is still in progress");
  if (view.state === "graded") throw conflict("This conversation is already graded");
  if (view.conversation.transcript_purged_at) {
    throw conflict(
      "The transcript was deleted under the organization's retention policy, so the call cannot be graded again",
    );
  }
  if (view.state === "missing") throw notFound("No grade data found for this conversation.");
  if (view.state === "failed") await requeueFailedGrade(await getDb(), id);
  kickGrader();
  return { status: "pending" };
}
