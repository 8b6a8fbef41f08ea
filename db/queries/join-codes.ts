import "server-only";

import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { groupMembers, groups, joinCodes, memberships, organizations, users } from "@/db/schema";

export async function insertJoinCode(
  db: Executor,
  input: {
    organizationId: string;
    groupId: string | null;
    codeHash: string;
    hint: string;
    createdBy: string;
    expiresAt: Date | null;
    maxUses: number | null;
  },
) {
  const [row] = await db
    .insert(joinCodes)
    .values({
      organization_id: input.organizationId,
      group_id: input.groupId,
      code_hash: input.codeHash,
      hint: input.hint,
      created_by: input.createdBy,
      expires_at: input.expiresAt,
      max_uses: input.maxUses,
    })
    .returning({ id: joinCodes.id });
  return row;
}

/** The organisation's codes, newest first, with their group's name (never the hash). */
export async function selectJoinCodes(db: Executor, input: { organizationId: string; id?: string }) {
  return db
    .select({
      id: joinCodes.id,
      hint: joinCodes.hint,
      group_id: joinCodes.group_id,
      group_name: groups.name,
      created_at: joinCodes.created_at,
      expires_at: joinCodes.expires_at,
      revoked_at: joinCodes.revoked_at,
      max_uses: joinCodes.max_uses,
      uses: joinCodes.uses,
    })
    .from(joinCodes)
    .leftJoin(groups, eq(groups.id, joinCodes.group_id))
    .where(and(eq(joinCodes.organization_id, input.organizationId), input.id ? eq(joinCodes.id, input.id) : undefined))
    .orderBy(desc(joinCodes.created_at), desc(joinCodes.id));
}

/** Revoking twice keeps the first time; false when the code is not this organisation's. */
export async function revokeJoinCodeRow(db: Executor, input: { id: string; organizationId: string }) {
  const rows = await db
    .update(joinCodes)
    .set({ revoked_at: sql`coalesce(${joinCodes.revoked_at}, now())` })
    .where(and(eq(joinCodes.id, input.id), eq(joinCodes.organization_id, input.organizationId)))
    .returning({ id: joinCodes.id });
  return rows.length > 0;
}

/**
 * Counts one use of a live code in a single conditional update, so two learners racing for the last
 * use cannot both get it. Null when the code is unknown, revoked, expired or used up (one answer for all).
 */
export async function consumeJoinCode(db: Executor, codeHash: string) {
  const [row] = await db
    .update(joinCodes)
    .set({ uses: sql`${joinCodes.uses} + 1` })
    .where(
      and(
        eq(joinCodes.code_hash, codeHash),
        isNull(joinCodes.revoked_at),
        or(isNull(joinCodes.expires_at), gt(joinCodes.expires_at, sql`now()`)),
        or(isNull(joinCodes.max_uses), lt(joinCodes.uses, joinCodes.max_uses)),
      ),
    )
    .returning({ organizationId: joinCodes.organization_id, groupId: joinCodes.group_id });
  return row ?? null;
}

/**
 * Locks the user's row for the rest of the transaction and says whether they already belong to an
 * organisation: two joins by the same person (two tabs, two codes) are taken one after the other.
 */
export async function lockUserMemberships(db: Executor, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await db
    .select({ organizationId: memberships.organization_id })
    .from(memberships)
    .where(eq(memberships.user_id, userId))
    .limit(1);
  return row ?? null;
}

/** A learner joining by code: always a member, and in the code's group when it has one. */
export async function insertJoinedMember(
  db: Executor,
  input: { userId: string; organizationId: string; groupId: string | null },
) {
  await db
    .insert(memberships)
    .values({ user_id: input.userId, organization_id: input.organizationId, role: "member" })
    .onConflictDoNothing();
  if (input.groupId)
    await db.insert(groupMembers).values({ group_id: input.groupId, user_id: input.userId }).onConflictDoNothing();
  const [org] = await db
    .select({ name: organizations.name, groupName: groups.name })
    .from(organizations)
    .leftJoin(groups, and(eq(groups.organization_id, organizations.id), eq(groups.id, input.groupId ?? sql`null`)))
    .where(eq(organizations.id, input.organizationId));
  return org;
}
