import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db";
import { conversations, grades, groupMembers, groups, memberships, users } from "@/db/schema";

/**
 * One row per member of the organisation with the aggregates of their ended conversations
 * there. The conversations are grouped before the join (an index-only scan of conversations_org_user_cover_idx), so the
 * cost is one pass over the organisation's conversations, whatever the number of users.
 */
export async function selectMemberAggregates(db: Executor, organizationId: string) {
  const perUser = db.$with("per_user").as(
    db
      .select({
        user_id: conversations.user_id,
        conversations: sql<number>`count(*)::int`.as("conversations"),
        seconds: sql<number>`coalesce(sum(extract(epoch from (${conversations.ended_at} - ${conversations.started_at}))), 0)::float8`.as("seconds"),
        average_score: sql<number | null>`(avg(${grades.score}) filter (where ${grades.status} = 'graded'))::float8`.as("average_score"),
        last_active_epoch: sql<number | null>`extract(epoch from max(${conversations.started_at}))::float8`.as("last_active_epoch"),
      })
      .from(conversations)
      .leftJoin(grades, eq(grades.conversation_id, conversations.id))
      .where(and(eq(conversations.organization_id, organizationId), eq(conversations.status, "ended")))
      .groupBy(conversations.user_id),
  );
  return db
    .with(perUser)
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      conversations: sql<number>`coalesce(${perUser.conversations}, 0)`,
      seconds: sql<number>`coalesce(${perUser.seconds}, 0)`,
      average_score: perUser.average_score,
      last_active_epoch: perUser.last_active_epoch,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .leftJoin(perUser, eq(perUser.user_id, memberships.user_id))
    .where(eq(memberships.organization_id, organizationId))
    .orderBy(asc(users.name), asc(users.email));
}

export async function selectOrganizationGroups(db: Executor, organizationId: string) {
  return db
    .select({ id: groups.id, name: groups.name, description: groups.description })
    .from(groups)
    .where(eq(groups.organization_id, organizationId))
    .orderBy(asc(groups.created_at), asc(groups.name));
}

export async function selectGroupMemberships(db: Executor, organizationId: string) {
  return db
    .select({ group_id: groupMembers.group_id, user_id: groupMembers.user_id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.group_id))
    .where(eq(groups.organization_id, organizationId));
}

/** The graded, ended conversations of one user in one organisation, oldest first (the last `limit`). */
export async function selectUserScores(db: Executor, input: { organizationId: string; userId: string; limit: number }) {
  const rows = await db
    .select({
      conversation_id: conversations.id,
      started_at: conversations.started_at,
      score: sql<number>`${grades.score}`,
      schema_name: conversations.schema_name,
    })
    .from(conversations)
    .innerJoin(grades, eq(grades.conversation_id, conversations.id))
    .where(
      and(
        eq(conversations.user_id, input.userId),
        eq(conversations.organization_id, input.organizationId),
        eq(conversations.status, "ended"),
        eq(grades.status, "graded"),
        sql`${grades.score} is not null`,
      ),
    )
    .orderBy(desc(conversations.started_at))
    .limit(input.limit);
  return rows.reverse();
}
