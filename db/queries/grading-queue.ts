import "server-only";

import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";

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

/** A turn arrived after grading: grade again, with a fresh set of attempts. A grade still pending picks the turn up anyway. */
export async function regradeAfterLateTurn(tx: Executor, conversationId: string): Promise<void> {
  await tx
    .update(grades)
    .set({ status: "pending", attempts: 0, error: null, locked_until: null, next_attempt_at: sql`now()` })
    .where(and(eq(grades.conversation_id, conversationId), inArray(grades.status, ["graded", "failed"])));
}
