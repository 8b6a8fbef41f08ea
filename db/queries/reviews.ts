import "server-only";

import { eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { gradeReviews, users } from "@/db/schema";

export async function upsertReview(
  db: Executor,
  input: { conversationId: string; reviewerId: string; score: number | null; comment: string },
) {
  const [row] = await db
    .insert(gradeReviews)
    .values({
      conversation_id: input.conversationId,
      reviewer_id: input.reviewerId,
      score: input.score,
      comment: input.comment,
    })
    .onConflictDoUpdate({
      target: gradeReviews.conversation_id,
      set: { reviewer_id: input.reviewerId, score: input.score, comment: input.comment, updated_at: sql`now()` },
    })
    .returning();
  return row;
}

/** The review of one conversation with the reviewer's name (null when none). */
export async function findReview(db: Executor, conversationId: string) {
  const [row] = await db
    .select({
      score: gradeReviews.score,
      comment: gradeReviews.comment,
      updated_at: gradeReviews.updated_at,
      reviewer_name: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(gradeReviews)
    .leftJoin(users, eq(users.id, gradeReviews.reviewer_id))
    .where(eq(gradeReviews.conversation_id, conversationId))
    .limit(1);
  return row ?? null;
}
