import "server-only";

import { and, desc, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { conversations, creditAccounts, gradeReviews, grades } from "@/db/schema";

import { unreadCommentsColumn } from "./coaching";

// Practice only: an uploaded real call is listed and graded, but it is not practice (count, time, average, trend).
const ended = (userId: string) =>
  and(eq(conversations.user_id, userId), eq(conversations.status, "ended"), eq(conversations.source, "practice"));
// An instructor's reviewed score, where set, counts instead of the automatic one. A grade with too
// little to grade has no automatic score (grades.state), so it counts only once a review scores it.
const gradedScore = sql`case when ${grades.status} = 'graded' then coalesce(${gradeReviews.score}, ${grades.score}) end`;

/** Count, minutes and average graded score over the user's finished conversations, in one query. */
export async function selectConversationStats(db: Executor, userId: string) {
  const [row] = await db
    .select({
      totalConversations: sql<number>`count(*)::int`,
      totalTimeMinutes: sql<number>`coalesce(round(sum(extract(epoch from (${conversations.ended_at} - ${conversations.started_at}))) / 60), 0)::int`,
      averageScore: sql<string | null>`round(avg(${gradedScore})::numeric, 1)::text`,
    })
    .from(conversations)
    .leftJoin(grades, eq(grades.conversation_id, conversations.id))
    .leftJoin(gradeReviews, eq(gradeReviews.conversation_id, conversations.id))
    .where(ended(userId));
  return {
    totalConversations: Number(row?.totalConversations ?? 0),
    totalTimeMinutes: Number(row?.totalTimeMinutes ?? 0),
    averageScore: row?.averageScore == null ? null : Number(row.averageScore),
  };
}

export async function selectCreditAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({ total: creditAccounts.credits_total, used: creditAccounts.credits_used })
    .from(creditAccounts)
    .where(eq(creditAccounts.user_id, userId))
    .limit(1);
  return row ?? null;
}

/** Every conversation the user started, newest first, with where it stands and the score once graded. */
export async function selectRecentConversations(db: Executor, input: { userId: string; limit: number }) {
  return db
    .select({
      id: conversations.id,
      name: conversations.schema_name,
      started_at: conversations.started_at,
      conversation_status: conversations.status,
      source: conversations.source,
      grade_status: grades.status,
      grade_state: grades.state,
      score: sql<number | null>`(${gradedScore})::int`,
      // Instructors' comments on the call the learner has not opened yet (the unread marker).
      unread_comments: unreadCommentsColumn(conversations.id),
    })
    .from(conversations)
    .leftJoin(grades, eq(grades.conversation_id, conversations.id))
    .leftJoin(gradeReviews, eq(gradeReviews.conversation_id, conversations.id))
    .where(eq(conversations.user_id, input.userId))
    .orderBy(desc(conversations.started_at), desc(conversations.id))
    .limit(input.limit);
}
