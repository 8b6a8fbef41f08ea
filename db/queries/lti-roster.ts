import "server-only";

import { and, asc, eq, inArray, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { groupMembers, ltiContexts, ltiPlatforms, ltiResourceLinks, ltiScoreSends, ltiUserLinks } from "@/db/schema";

/** A course with its platform (and so its organisation); `organizationId` scopes it to the caller's. */
export async function findContextWithPlatform(db: Executor, input: { contextId: string; organizationId?: string }) {
  const [row] = await db
    .select({ context: ltiContexts, platform: ltiPlatforms })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platform_id))
    .where(
      and(
        eq(ltiContexts.id, input.contextId),
        input.organizationId ? eq(ltiPlatforms.organization_id, input.organizationId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One roster sync per course at a time (released at the end of the transaction). */
export async function lockContextRoster(db: Executor, contextId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`lti-roster:${contextId}`}))`);
}

/** Members of the course group who came from this LMS, with their LMS id. */
export async function selectLinkedGroupMembers(db: Executor, input: { groupId: string; platformId: string }) {
  return db
    .select({ user_id: groupMembers.user_id, sub: ltiUserLinks.sub })
    .from(groupMembers)
    .innerJoin(
      ltiUserLinks,
      and(eq(ltiUserLinks.user_id, groupMembers.user_id), eq(ltiUserLinks.platform_id, input.platformId)),
    )
    .where(eq(groupMembers.group_id, input.groupId));
}

/** Takes people out of the course group only: their account, membership, calls and grades stay. */
export async function removeGroupMembers(db: Executor, input: { groupId: string; userIds: string[] }) {
  if (input.userIds.length === 0) return 0;
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.group_id, input.groupId), inArray(groupMembers.user_id, input.userIds)))
    .returning({ user_id: groupMembers.user_id });
  return rows.length;
}

export async function markRosterSynced(db: Executor, contextId: string) {
  await db
    .update(ltiContexts)
    .set({ roster_synced_at: sql`now()` })
    .where(eq(ltiContexts.id, contextId));
}

/** The organisation's LMS courses for the admin page: roster and grade passback at a glance. */
export async function selectOrganizationCourses(db: Executor, organizationId: string) {
  return db
    .select({
      id: ltiContexts.id,
      title: ltiContexts.title,
      context_id: ltiContexts.context_id,
      platform_name: ltiPlatforms.name,
      group_id: ltiContexts.group_id,
      has_roster: sql<boolean>`${ltiContexts.nrps_url} is not null`,
      has_grades: sql<boolean>`${ltiContexts.lineitems_url} is not null`,
      roster_synced_at: ltiContexts.roster_synced_at,
      learners: sql<number>`(select count(*)::int from ${groupMembers} gm where gm.group_id = ${ltiContexts.group_id})`,
      links: sql<number>`(select count(*)::int from ${ltiResourceLinks} l where l.context_id = ${ltiContexts.id})`,
      pending: sql<number>`(select count(*)::int from ${ltiScoreSends} s join ${ltiResourceLinks} l on l.id = s.resource_link_id
        where l.context_id = ${ltiContexts.id} and s.status = 'pending')`,
      failed: sql<number>`(select count(*)::int from ${ltiScoreSends} s join ${ltiResourceLinks} l on l.id = s.resource_link_id
        where l.context_id = ${ltiContexts.id} and s.status = 'failed')`,
      sent: sql<number>`(select count(*)::int from ${ltiScoreSends} s join ${ltiResourceLinks} l on l.id = s.resource_link_id
        where l.context_id = ${ltiContexts.id} and s.status = 'sent' and s.sent_at is not null)`,
    })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platform_id))
    .where(eq(ltiPlatforms.organization_id, organizationId))
    .orderBy(asc(ltiContexts.title), asc(ltiContexts.id));
}
