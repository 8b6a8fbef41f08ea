import { getDb } from "@/db";
import {
  findLiveSessionUser, findUserByEmail, insertSession, insertUserWithCredits, markDeveloper, revokeSession,
} from "@/db/queries/users";
import { AppError, conflict, unauthorized } from "@/lib/errors";
import { env } from "@/lib/env";
import { blockedFor, hit, reset } from "@/lib/rate-limit";
import type { SignInInput, SignUpInput } from "@/lib/validations/auth";
import { hashPassword, verifyDummyPassword, verifyPassword } from "./password";
import { decodeSessionToken, encodeSessionToken } from "./tokens";

export type SessionUser = { id: string; name: string; email: string; isDev: boolean };

const FAILURE_LIMIT = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
// A whole classroom may sign in from behind one address: keep this loose.
const ADDRESS_LIMIT = 300;

const isDevEmail = (email: string) => env().DEV_EMAILS.includes(email.toLowerCase());

export async function signUp(input: SignUpInput) {
  const db = await getDb();
  if (await findUserByEmail(db, input.email)) throw conflict("An account with this email already exists");
  try {
    await insertUserWithCredits(db, {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      isDev: isDevEmail(input.email),
      credits: env().DEFAULT_CREDITS,
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw conflict("An account with this email already exists");
    throw err;
  }
  return { message: "Account created. You can now sign in." };
}

function tooMany(seconds: number) {
  return new AppError(429, `Too many sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`, {
    "Retry-After": String(seconds),
  });
}

export async function signIn(input: SignInInput, clientAddress: string) {
  const emailKey = `signin:email:${input.email.toLowerCase()}`;
  const wait =
    blockedFor(emailKey, FAILURE_LIMIT, FAILURE_WINDOW_MS) ??
    hit(`signin:addr:${clientAddress}`, ADDRESS_LIMIT, FAILURE_WINDOW_MS);
  if (wait) throw tooMany(wait);

  const db = await getDb();
  const user = await findUserByEmail(db, input.email);
  const valid = user ? await verifyPassword(user.password_hash, input.password) : (await verifyDummyPassword(input.password), false);
  if (!user || !valid) {
    hit(emailKey, FAILURE_LIMIT, FAILURE_WINDOW_MS);
    throw unauthorized("Invalid email or password");
  }
  reset(emailKey);

  const isDev = user.is_dev || isDevEmail(user.email);
  if (isDev && !user.is_dev) await markDeveloper(db, user.id);
  const session = await issueSession(user.id, user.name, user.email);
  return { ...session, user: { id: user.id, name: user.name, email: user.email, isDev } };
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
