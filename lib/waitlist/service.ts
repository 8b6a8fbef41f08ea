import { getDb } from "@/db";
import { upsertWaitlistEntry } from "@/db/queries/waitlist";
import { AppError } from "@/lib/errors";
import { hit } from "@/lib/rate-limit";
import type { WaitlistInput } from "@/lib/validations/waitlist";

export const WAITLIST_LIMIT = { attempts: 20, windowMs: 10 * 60_000 };

export const WAITLIST_JOINED_MESSAGE = "You're on the list! We'll be in touch.";

/** Counts one sign-up attempt from this address; throws 429 once the window is used up. */
export function limitWaitlistAttempts(address: string) {
  const wait = hit(`waitlist:${address}`, WAITLIST_LIMIT.attempts, WAITLIST_LIMIT.windowMs);
  if (wait !== null) {
    const after = wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    throw new AppError(429, `Too many sign-up attempts. Please try again in ${after}.`, { "Retry-After": String(wait) });
  }
}

/** Adds the email to the waitlist or refreshes its entry; the answer is the same either way. */
export async function joinWaitlist(input: WaitlistInput): Promise<{ message: string }> {
  const db = await getDb();
  await upsertWaitlistEntry(db, input);
  return { message: WAITLIST_JOINED_MESSAGE };
}
