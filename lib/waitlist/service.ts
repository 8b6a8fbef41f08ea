import "server-only";

import { getDb } from "@/db";
import { upsertWaitlistEntry } from "@/db/queries/waitlist";
import { AppError } from "@/lib/errors";
import { take } from "@/lib/rate-limit";
import type { WaitlistInput } from "@/lib/validations/waitlist";

const WAITLIST_JOINED_MESSAGE = "You're on the list! We'll be in touch.";

/**
 * Counts one attempt from this address; throws 429 once the window is used up. POST
 * /api/public/waitlist and the waitlist form's server action share this one counter.
 */
export async function limitWaitlistAttempts(address: string) {
  const wait = await take("waitlistAddress", address);
  if (wait !== null) {
    const after = wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    throw new AppError("rate_limited:waitlist", `Too many sign-up attempts. Please try again in ${after}.`, {
      "Retry-After": String(wait),
    });
  }
}

/** Adds the email to the waitlist or refreshes its entry; the answer is the same either way. */
export async function joinWaitlist(input: WaitlistInput): Promise<{ message: string }> {
  const db = await getDb();
  await upsertWaitlistEntry(db, input);
  return { message: WAITLIST_JOINED_MESSAGE };
}
