import "server-only";

import type { Executor } from "@/db";
import { rateLimits } from "@/db/schema";

/** Tests only: forgets every rate-limit counter kept in the database. */
export async function deleteAllRateLimits(db: Executor): Promise<void> {
  await db.delete(rateLimits);
}
