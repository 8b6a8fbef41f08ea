import "server-only";

import { and, asc, desc, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { memberships, organizations, userSettings } from "@/db/schema";

/**
 * The organisation the user works in: the one they chose (while they still belong to it),
 * otherwise the most recently joined membership.
 */
export async function findActiveMembership(db: Executor, userId: string) {
  const [row] = await db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      timeZone: organizations.time_zone,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
    .leftJoin(userSettings, eq(userSettings.user_id, memberships.user_id))
    .where(eq(memberships.user_id, userId))
    .orderBy(
      sql`(${userSettings.active_organization_id} is not distinct from ${memberships.organization_id}) desc`,
      desc(memberships.created_at),
    )
    .limit(1);
  return row ?? null;
}

/** Every organisation the user belongs to, by name, for the organisation switcher. */
export async function selectUserMemberships(db: Executor, userId: string) {
  return db
    .select({ organizationId: organizations.id, organizationName: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
    .where(eq(memberships.user_id, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** Remembers the chosen organisation (the caller checked the membership). */
export async function upsertActiveOrganization(db: Executor, input: { userId: string; organizationId: string }) {
  await db
    .insert(userSettings)
    .values({ user_id: input.userId, active_organization_id: input.organizationId })
    .onConflictDoUpdate({
      target: userSettings.user_id,
      set: { active_organization_id: input.organizationId, updated_at: sql`now()` },
    });
}

export async function findMembership(db: Executor, input: { userId: string; organizationId: string }) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.user_id, input.userId), eq(memberships.organization_id, input.organizationId)))
    .limit(1);
  return row ?? null;
}

/** The admins of an organisation (the cohort view leaves them out of learner counts and flags). */
export async function selectAdminIds(db: Executor, organizationId: string) {
  const rows = await db
    .select({ user_id: memberships.user_id })
    .from(memberships)
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.role, "admin")));
  return new Set(rows.map((r) => r.user_id));
}
