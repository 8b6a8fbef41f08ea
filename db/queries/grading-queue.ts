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
 * A turn arrived after the call ended: grade again, with a fresh set of attempts, when the grade
 * was written (graded or failed) or is being written (pending and leased: the attempt in flight
 * read the transcript without this turn, and taking its lease back makes its result unwritable).
 * A grade still waiting to start (pending, not leased) picks the turn up anyway and keeps its time.
 * Updating the row under the writer's row lock orders the two: whichever commits second sees the other.
 */
export async function regradeAfterLateTurn(tx: Executor, conversationId: string): Promise<void> {
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
