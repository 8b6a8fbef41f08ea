import "server-only";

import { and, eq, gt, isNull, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { creditAccounts, sessions, users } from "@/db/schema";

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user ?? null;
}

export async function insertUserWithCredits(
  db: Executor,
  input: { email: string; name: string; passwordHash: string; isDev: boolean; credits: number },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, name: input.name, password_hash: input.passwordHash, is_dev: input.isDev })
      .returning();
    await tx.insert(creditAccounts).values({ user_id: user.id, credits_total: input.credits });
    return user;
  });
}

export async function markDeveloper(db: Executor, userId: string) {
  await db.update(users).set({ is_dev: true, updated_at: new Date() }).where(eq(users.id, userId));
}

export async function insertSession(db: Executor, input: { userId: string; expiresAt: Date }) {
  const [session] = await db
    .insert(sessions)
    .values({ user_id: input.userId, expires_at: input.expiresAt })
    .returning();
  return session;
}

/** The user behind a live (unexpired, unrevoked) session, or null. */
export async function findLiveSessionUser(db: Executor, input: { sessionId: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, is_dev: users.is_dev })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.user_id, input.userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Records the first successful sign-in, once: a conditional update, so parallel sign-ins keep the earliest. */
export async function markFirstSignIn(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ first_signed_in_at: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.first_signed_in_at)));
}
