import type { Executor } from "@/db";
import { grades } from "@/db/schema";

/**
 * Called inside the transaction that ends a conversation: records a pending grade once
 * (the grade's primary key is the conversation id, so ending twice changes nothing).
 */
export async function enqueueGrade(tx: Executor, conversationId: string): Promise<void> {
  await tx.insert(grades).values({ conversation_id: conversationId, status: "pending" }).onConflictDoNothing();
}

export { kickGrader } from "./worker";
