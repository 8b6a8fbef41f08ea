import "server-only";

import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { grades } from "@/db/schema";
/**
 * Called inside the transaction that ends a conversation: records a pending grade once
 * (the grade's primary key is the conversation id, so ending twice changes nothing).
 */
export async function enqueueGrade(tx: Executor, conversationId: string, delayMs = 0): Promise<void> {
  await tx
    .insert(grades)
    .values({
      conversation_id: conversationId,
      status: "pending",
      ...(delayMs > 0 ? { next_attempt_at: sql`now() + ${delayMs}::int * interval '1 millisecond'` } : {}),
    })
    .onConflictDoNothing();
}

/** A waiting grade becomes due now (the agent has sent everything it had). */
export async function makeGradeDue(tx: Executor, conversationId: string): Promise<void> {
  await tx
    .update(grades)
    .set({ next_attempt_at: sql`now()` })
    .where(
      and(
        eq(grades.conversation_id, conversationId),
        eq(grades.status, "pending"),
        isNull(grades.locked_until),
        gt(grades.next_attempt_at, sql`now()`),
      ),
    );
}

/**
 * A turn arrived after the call ended. The transcript's version goes up first, unconditionally: that
 * holds the grade's row until the turn commits (a worker's claim skips it, so no attempt can read the
 * transcript without the turn and keep its result), and any attempt already holding a claim can no
 * longer write. Then grade again, with a fresh set of attempts, when the grade was written (graded or
 * failed) or is being written (pending and leased). A grade still waiting to start (pending, not
 * leased) picks the turn up anyway and keeps its time.
 */
export async function regradeAfterLateTurn(tx: Executor, conversationId: string): Promise<void> {
  await tx
    .update(grades)
    .set({ version: sql`${grades.version} + 1` })
    .where(eq(grades.conversation_id, conversationId));
  await tx
    .update(grades)
    .set({ status: "pending", attempts: 0, error: null, locked_until: null, next_attempt_at: sql`now()` })
    .where(
      and(
        eq(grades.conversation_id, conversationId),
        or(inArray(grades.status, ["graded", "failed"]), isNotNull(grades.locked_until)),
      ),
    );
}
