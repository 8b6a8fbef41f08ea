import "server-only";

import { sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { waitlistEntries } from "@/db/schema";

type WaitlistEntryInput = { email: string; name: string | null; interests: string[]; otherDetails: string | null };

/**
 * One entry per email whatever its case: a repeat sign-up refreshes the entry.
 * drizzle's conflict target takes columns only, not the index expression
 * `lower(email)`, so the insert yields on any conflict and the update follows;
 * concurrent repeats never fail, the last one wins.
 */
export async function upsertWaitlistEntry(db: Executor, entry: WaitlistEntryInput) {
  const values = { name: entry.name, interests: entry.interests, other_details: entry.otherDetails };
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({ email: entry.email, ...values })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [updated] = await tx
      .update(waitlistEntries)
      .set({ ...values, updated_at: sql`now()` })
      .where(sql`lower(${waitlistEntries.email}) = lower(${entry.email})`)
      .returning();
    return updated;
  });
}
