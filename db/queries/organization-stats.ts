import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db";
import { conversations, grades, groupMembers, groups, learnerStats, memberships, users } from "@/db/schema";

export type MemberAggregate = {
  id: string;
  name: string;
  email: string;
  conversations: number;
  seconds: number;
  average_score: number | null;
  last_active_epoch: number | null;
};

/**
 * One row per member of the organisation with the aggregates of their ended conversations there,
 * read from learner_stats (kept by triggers in the writing transaction; migration 0002): one
 * primary-key row per member, whatever the number of conversations. Unordered: the caller sorts.
 */
export async function selectMemberAggregates(db: Executor, organizationId: string): Promise<MemberAggregate[]> {
  // Plain rows from the driver: drizzle's per-row mapping was the largest cost of this call.
  return rowsOf<MemberAggregate>(
    await db.execute(sql`
      select ${users.id} as id, ${users.name} as name, ${users.email} as email,
        coalesce(${learnerStats.conversations}, 0) as conversations,
        coalesce(${learnerStats.seconds}, 0) as seconds,
        ${learnerStats.score_sum} / nullif(${learnerStats.scored}, 0) as average_score,
        extract(epoch from ${learnerStats.last_started_at})::float8 as last_active_epoch
      from ${memberships}
      join ${users} on ${users.id} = ${memberships.user_id}
      left join ${learnerStats} on ${learnerStats.organization_id} = ${memberships.organization_id}
        and ${learnerStats.user_id} = ${memberships.user_id}
      where ${memberships.organization_id} = ${organizationId}`),
  );
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
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
