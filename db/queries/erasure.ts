import "server-only";

import { and, eq, inArray, ne, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import {
  auditLog,
  conversations,
  groupMembers,
  groups,
  learnerStats,
  ltiPlatforms,
  ltiUserLinks,
  memberships,
  ssoProviders,
  userIdentities,
  users,
  userSettings,
  waitlistEntries,
} from "@/db/schema";

/** The account, locked for the deletion's transaction, with its role in `organizationId` (null when not a member). */
export async function lockAccount(db: Executor, input: { userId: string; organizationId: string | null }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      is_dev: users.is_dev,
      role: input.organizationId
        ? sql<
            "admin" | "member" | null
          >`(select m.role from memberships m where m.user_id = ${users.id} and m.organization_id = ${input.organizationId})`
        : sql<null>`null`,
    })
    .from(users)
    .where(eq(users.id, input.userId))
    .for("update");
  return row ?? null;
}

export async function countOtherMemberships(db: Executor, input: { userId: string; organizationId: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.user_id, input.userId), ne(memberships.organization_id, input.organizationId)));
  return row.n;
}

/** The learner's calls held by this organisation; turns, grades, reviews, comments and LMS sends cascade. */
export async function deleteOrganizationCallsOf(db: Executor, input: { userId: string; organizationId: string }) {
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.user_id, input.userId), eq(conversations.organization_id, input.organizationId)))
    .returning({ id: conversations.id });
  return rows.map((r) => r.id);
}

export async function selectCallIdsOf(db: Executor, userId: string) {
  const rows = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.user_id, userId));
  return rows.map((r) => r.id);
}

/**
 * Everything this organisation holds about the account besides its calls: the membership, group places,
 * the LMS and single sign-on links of the organisation's platforms and providers, its statistics row,
 * and the switcher's memory of it. Other organisations' rows are not touched.
 */
export async function removeFromOrganization(db: Executor, input: { userId: string; organizationId: string }) {
  const { userId, organizationId } = input;
  const orgGroups = db.select({ id: groups.id }).from(groups).where(eq(groups.organization_id, organizationId));
  await db.delete(groupMembers).where(and(eq(groupMembers.user_id, userId), inArray(groupMembers.group_id, orgGroups)));
  const platforms = db
    .select({ id: ltiPlatforms.id })
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.organization_id, organizationId));
  await db
    .delete(ltiUserLinks)
    .where(and(eq(ltiUserLinks.user_id, userId), inArray(ltiUserLinks.platform_id, platforms)));
  const providers = db
    .select({ id: ssoProviders.id })
    .from(ssoProviders)
    .where(eq(ssoProviders.organization_id, organizationId));
  await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.user_id, userId), inArray(userIdentities.provider_id, providers)));
  await db
    .update(userSettings)
    .set({ active_organization_id: null, updated_at: sql`now()` })
    .where(and(eq(userSettings.user_id, userId), eq(userSettings.active_organization_id, organizationId)));
  await db
    .delete(memberships)
    .where(and(eq(memberships.user_id, userId), eq(memberships.organization_id, organizationId)));
  await db
    .delete(learnerStats)
    .where(and(eq(learnerStats.user_id, userId), eq(learnerStats.organization_id, organizationId)));
}

/**
 * Audit entries keep what happened but not who it happened to: entries aimed at the account or its
 * deleted calls lose their target, and their details (and any naming its id or e-mail) are replaced. Limited to one organisation when
 * the account stays elsewhere. (Entries the account wrote lose their actor by the foreign key.)
 */
export async function scrubAuditOf(
  db: Executor,
  input: { userId: string; email: string; organizationId?: string; conversationIds: string[] },
) {
  const inOrganization = input.organizationId ? eq(auditLog.organization_id, input.organizationId) : undefined;
  // Entries about the deleted calls (a review's comment, a criterion's reason) speak about the learner.
  for (let i = 0; i < input.conversationIds.length; i += 1000) {
    await db
      .update(auditLog)
      .set({ target_id: null, details: { redacted: true } })
      .where(
        and(
          eq(auditLog.target_type, "conversation"),
          inArray(auditLog.target_id, input.conversationIds.slice(i, i + 1000)),
        ),
      );
  }
  await db
    .update(auditLog)
    .set({ target_id: null })
    .where(and(eq(auditLog.target_id, input.userId), inOrganization));
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db
    .update(auditLog)
    .set({ details: { redacted: true } })
    .where(
      and(
        sql`(${auditLog.details}::text ilike ${like(input.userId)} or ${auditLog.details}::text ilike ${like(input.email)})`,
        inOrganization,
      ),
    );
  // What the account did there (its own exports, a sign-in through the organisation's provider) loses its actor.
  await db
    .update(auditLog)
    .set({ actor_id: null })
    .where(and(eq(auditLog.actor_id, input.userId), inOrganization));
}

/**
 * The account row; sessions, credits, settings, memberships, group places, identities, LMS links and
 * every remaining call cascade, and what the account wrote about others keeps its row with the author
 * set null. The waitlist entry under the same e-mail goes too.
 */
export async function deleteAccountRow(db: Executor, input: { userId: string; email: string }) {
  await db.delete(waitlistEntries).where(sql`lower(${waitlistEntries.email}) = lower(${input.email})`);
  await db.delete(users).where(eq(users.id, input.userId));
}

export async function selectMembershipOrganizationIds(db: Executor, userId: string) {
  const rows = await db
    .select({ id: memberships.organization_id })
    .from(memberships)
    .where(eq(memberships.user_id, userId));
  return rows.map((r) => r.id);
}
