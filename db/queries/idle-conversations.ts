import "server-only";

import { and, eq, gt, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { conversations, creditAccounts } from "@/db/schema";

/** When a conversation last moved: its latest turn, or its start when it has none. */
// Written out with table names: inside a subquery drizzle would render bare column names, which bind to the inner table.
const lastActivity = sql.raw(
  `coalesce((select max(t.ended_at) from conversation_turns t where t.conversation_id = conversations.id), conversations.started_at)`,
);
const learnerTurns = sql.raw(
  `(select count(*)::int from conversation_turns t where t.conversation_id = conversations.id and t.speaker = 'learner')`,
);

/** Active conversations with no turn since `before`, oldest first. */
export async function selectIdleConversations(db: Executor, input: { before: Date; limit: number }) {
  return db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.status, "active"), sql`${lastActivity} < ${input.before.toISOString()}::timestamptz`))
    .orderBy(conversations.started_at)
    .limit(input.limit);
}

/**
 * Locks one conversation if it is still active and still idle; another process holding it is
 * skipped (not waited for), so several servers can sweep at once without doing the work twice.
 */
export async function lockIdleConversation(db: Executor, input: { conversationId: string; before: Date }) {
  const [row] = await db
    .select({
      id: conversations.id,
      user_id: conversations.user_id,
      learner_turns: sql<number>`${learnerTurns}`,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.status, "active"),
        sql`${lastActivity} < ${input.before.toISOString()}::timestamptz`,
      ),
    )
    .for("update", { skipLocked: true })
    .limit(1);
  return row ? { ...row, learner_turns: Number(row.learner_turns) } : null;
}

/** Marks an active conversation abandoned with its credit refunded; null when it was not active. */
export async function markAbandoned(db: Executor, conversationId: string) {
  const [row] = await db
    .update(conversations)
    .set({ status: "abandoned", ended_at: sql`now()`, credit_refunded_at: sql`now()` })
    .where(and(eq(conversations.id, conversationId), eq(conversations.status, "active")))
    .returning({ id: conversations.id, user_id: conversations.user_id });
  return row ?? null;
}

/** Gives one credit back (never below zero used). */
export async function refundCredit(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(creditAccounts)
    .set({ credits_used: sql`${creditAccounts.credits_used} - 1`, updated_at: sql`now()` })
    .where(and(eq(creditAccounts.user_id, userId), gt(creditAccounts.credits_used, 0)))
    .returning({ used: creditAccounts.credits_used });
  return rows.length === 1;
}
