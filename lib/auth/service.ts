import "server-only";

import { getDb } from "@/db";
import {
  findLiveSessionUser,
  findUserByEmail,
  insertSession,
  insertUserWithCredits,
  markFirstSignIn,
  revokeSession,
} from "@/db/queries/users";
import { isUniqueViolation } from "@/lib/db-errors";
import { env } from "@/lib/env";
import { AppError, conflict, unauthorized } from "@/lib/errors";
import { refund, release, take } from "@/lib/rate-limit";
import type { SignInInput, SignUpInput } from "@/lib/validations/auth";

import { hashPassword, verifyDummyPassword, verifyPassword } from "./password";
import { decodeSessionToken, encodeSessionToken } from "./tokens";

export type SessionUser = { id: string; name: string; email: string; isDev: boolean };

const ACCOUNT_EXISTS = "An account with this email already exists";

/** Sign-up never grants developer rights: those come from the operator (BOOTSTRAP_DEV_*, user:promote-dev). */
export async function signUp(input: SignUpInput) {
  const db = await getDb();
  if (await findUserByEmail(db, input.email)) throw conflict(ACCOUNT_EXISTS);
  try {
    await insertUserWithCredits(db, {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      isDev: false,
      credits: env().DEFAULT_CREDITS,
    });
  } catch (err) {
    // Parallel sign-ups with one email: the unique index decides, the losers get 409.
    if (isUniqueViolation(err)) throw conflict(ACCOUNT_EXISTS);
    throw err;
  }
  return {
    message: "Account created. You can now sign in. If your instructor gave you a join code, you will enter it next.",
  };
}

function tooMany(seconds: number) {
  return new AppError(
    "rate_limited:signin",
    `Too many sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
    {
      "Retry-After": String(seconds),
    },
  );
}

/**
 * The one place a password is checked. Each attempt is reserved in the shared limit store before
 * the (slow) hash is evaluated, so N parallel guesses evaluate at most the limit's worth:
 * per address, per account from that address (the strict lockout), and per account from everywhere
 * (a looser ceiling, so a stranger's failures from elsewhere do not lock the owner out).
 */
export async function signIn(input: SignInInput, clientAddress: string) {
  const email = input.email.toLowerCase();
  // One round trip for the three reservations; a refused one still counts (hammering does not help).
  const waits = await Promise.all([
    take("signinAddress", clientAddress),
    take("signinAccountAddress", email, clientAddress),
    take("signinAccount", email),
  ]);
  const wait = waits.find((w) => w !== null);
  if (wait) throw tooMany(Math.max(...waits.map((w) => w ?? 0)));

  const db = await getDb();
  const user = await findUserByEmail(db, input.email);
  // An account without a password (LMS launch or single sign-on only) costs the same time and never matches.
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyDummyPassword(input.password), false);
  if (!user || !valid) throw unauthorized("Invalid email or password");
  // Success clears this address's lockout for the account and gives back the account-wide attempt,
  // so the ceilings count failures; the per-address limit keeps counting every attempt.
  // The first sign-in starts the learner's inactivity clock (cohort flags), not the day they were seeded.
  await Promise.all([
    release("signinAccountAddress", email, clientAddress),
    refund("signinAccount", email),
    markFirstSignIn(db, user.id),
  ]);

  const session = await issueSession(user.id, user.name, user.email);
  return { ...session, user: { id: user.id, name: user.name, email: user.email, isDev: user.is_dev } };
}

export async function issueSession(userId: string, name: string, email: string) {
  const db = await getDb();
  const maxAge = Math.round(env().SESSION_TTL_HOURS * 3600);
  const session = await insertSession(db, { userId, expiresAt: new Date(Date.now() + maxAge * 1000) });
  const token = await encodeSessionToken({ sub: userId, sid: session.id, name, email }, maxAge);
  return { token, sessionId: session.id, maxAge };
}

/** Resolves a bearer token or cookie value to its user; null when forged, expired or revoked. */
export async function resolveSession(token: string): Promise<{ user: SessionUser; sessionId: string } | null> {
  const claims = await decodeSessionToken(token);
  if (!claims) return null;
  const db = await getDb();
  const row = await findLiveSessionUser(db, { sessionId: claims.sid, userId: claims.sub });
  if (!row) return null;
  return { user: { id: row.id, name: row.name, email: row.email, isDev: row.is_dev }, sessionId: claims.sid };
}

export async function signOut(sessionId: string) {
  await revokeSession(await getDb(), sessionId);
  return { message: "Signed out" };
}
