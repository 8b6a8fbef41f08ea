import "server-only";

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import {
  conversations,
  creditAccounts,
  groupMembers,
  groups,
  ltiPlatforms,
  memberships,
  organizations,
  type OrgRole,
  users,
} from "@/db/schema";

import { insertLibraryCopies, type LibraryCopyValues } from "./roleplays";

export async function selectOrganizations(db: Executor) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      description: organizations.description,
      created_at: organizations.created_at,
    })
    .from(organizations)
    .orderBy(desc(organizations.created_at), asc(organizations.name));
}

export async function findOrganization(db: Executor, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row ?? null;
}

/**
 * The organisation's groups: by name for pickers (newest first among equal names), or in the order
 * they were created for statistics and assignments.
 */
export async function selectOrganizationGroups(
  db: Executor,
  input: { organizationId: string; order: "name" | "created" },
) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      is_active: groups.is_active,
      created_at: groups.created_at,
    })
    .from(groups)
    .where(eq(groups.organization_id, input.organizationId))
    .orderBy(
      ...(input.order === "name"
        ? [asc(groups.name), desc(groups.created_at)]
        : [asc(groups.created_at), asc(groups.name)]),
    );
}

export async function findUserById(db: Executor, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function selectOrganizationUsers(db: Executor, organizationId: string) {
  return db
    .select({ user_id: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(eq(memberships.organization_id, organizationId))
    .orderBy(asc(memberships.role), asc(users.name), asc(users.email));
}

/** Joining again keeps one membership; it takes the new role and becomes the user's current organisation. */
export async function upsertMembership(db: Executor, input: { userId: string; organizationId: string; role: OrgRole }) {
  await db
    .insert(memberships)
    .values({ user_id: input.userId, organization_id: input.organizationId, role: input.role })
    .onConflictDoUpdate({
      target: [memberships.user_id, memberships.organization_id],
      set: { role: input.role, created_at: sql`now()` },
    });
}

/**
 * Members whose only organisation is this one; developers are never among them, so deleting
 * a pilot cannot remove the account of the developer who joined it.
 */
export async function selectExclusiveMemberIds(db: Executor, organizationId: string) {
  const rows = await db
    .select({ id: memberships.user_id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(
      and(
        eq(memberships.organization_id, organizationId),
        eq(users.is_dev, false),
        sql`not exists (select 1 from ${memberships} other where other.user_id = ${memberships.user_id} and other.organization_id <> ${organizationId})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Conversations held in the organisation (their turns and grades cascade). */
export async function deleteOrganizationConversations(db: Executor, organizationId: string) {
  await db.delete(conversations).where(eq(conversations.organization_id, organizationId));
}

/** Sessions, credits, memberships, group places and conversations cascade with the account. */
export async function deleteUsers(db: Executor, userIds: string[]) {
  for (let i = 0; i < userIds.length; i += 1000) {
    await db.delete(users).where(inArray(users.id, userIds.slice(i, i + 1000)));
  }
}

/**
 * Memberships, groups, group places, roleplays and their group assignments cascade. The LMS registrations go
 * first: a course link would otherwise be both deleted (through its course) and updated (its assignment set
 * null) by the one statement, which PostgreSQL refuses as a foreign key violation.
 */
export async function deleteOrganizationRow(db: Executor, organizationId: string) {
  await db.delete(ltiPlatforms).where(eq(ltiPlatforms.organization_id, organizationId));
  const rows = await db
    .delete(organizations)
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

export type NewAccount = { email: string; name: string; passwordHash: string; groupIndex: number; role: OrgRole };

/** Inserts an organisation with its groups and accounts; call inside one transaction. */
export async function insertSeededOrganization(
  db: Executor,
  input: {
    name: string;
    description: string;
    groups: { name: string; description: string }[];
    accounts: NewAccount[];
    credits: number;
    /** Starter-library roleplays the organisation begins with. */
    roleplays?: LibraryCopyValues[];
  },
) {
  const [org] = await db
    .insert(organizations)
    .values({ name: input.name, description: input.description })
    .returning({ id: organizations.id, name: organizations.name, description: organizations.description });
  const groupRows = await db
    .insert(groups)
    .values(input.groups.map((g) => ({ organization_id: org.id, name: g.name, description: g.description })))
    .returning({ id: groups.id, name: groups.name });
  const groupIdByName = new Map(groupRows.map((g) => [g.name, g.id]));

  for (let i = 0; i < input.accounts.length; i += 500) {
    const batch = input.accounts.slice(i, i + 500);
    const created = await db
      .insert(users)
      .values(batch.map((a) => ({ email: a.email, name: a.name, password_hash: a.passwordHash })))
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(created.map((u) => [u.email, u.id]));
    const rows = batch.map((a) => ({ account: a, userId: idByEmail.get(a.email)! }));
    await db.insert(creditAccounts).values(rows.map((r) => ({ user_id: r.userId, credits_total: input.credits })));
    await db
      .insert(memberships)
      .values(rows.map((r) => ({ user_id: r.userId, organization_id: org.id, role: r.account.role })));
    await db
      .insert(groupMembers)
      .values(
        rows.map((r) => ({ user_id: r.userId, group_id: groupIdByName.get(input.groups[r.account.groupIndex].name)! })),
      );
  }
  await insertLibraryCopies(db, { organizationId: org.id, authorId: null, copies: input.roleplays ?? [] });
  return org;
}

/** The zone its people's dates are shown in (CSV exports). */
export async function updateOrganizationTimeZone(db: Executor, input: { organizationId: string; timeZone: string }) {
  const [row] = await db
    .update(organizations)
    .set({ time_zone: input.timeZone, updated_at: sql`now()` })
    .where(eq(organizations.id, input.organizationId))
    .returning({ time_zone: organizations.time_zone });
  return row ?? null;
}
