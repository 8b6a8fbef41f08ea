import "server-only";

import { and, eq, lt, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { creditAccounts } from "@/db/schema";

/**
 * Spends one credit if one is left, in a single conditional update (never read-then-write),
 * so parallel requests cannot overspend. Returns false when none is left.
 */
export async function consumeCredit(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(creditAccounts)
    .set({ credits_used: sql`${creditAccounts.credits_used} + 1`, updated_at: sql`now()` })
    .where(and(eq(creditAccounts.user_id, userId), lt(creditAccounts.credits_used, creditAccounts.credits_total)))
    .returning({ used: creditAccounts.credits_used });
  return rows.length === 1;
}
