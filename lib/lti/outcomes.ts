import "server-only";

import type { Executor } from "@/db";

/**
 * Called whenever a call's final score may have changed (graded, regraded, reviewed, a criterion
 * overridden): queues the score for every LMS line item the call belongs to. The LTI part (issue 24)
 * fills this in; callers only need to call it inside the transaction that changed the score.
 */
export async function queueScoreForLms(db: Executor, conversationId: string): Promise<void> {
  void db;
  void conversationId;
}
