import "server-only";

import { and, desc, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import {
  conversations,
  gradeReviews,
  grades,
  groupMembers,
  groups,
  learnerStats,
  memberships,
  organizationStatsVersions,
  users,
} from "@/db/schema";
import type { GradeState } from "@/db/schema/grade-shape";

import { isAttempt, isAttemptOf } from "./assignments";
import { exportCoachingColumns } from "./coaching";
import { rowsOf } from "./rows";

export type MemberAggregate = {
  id: string;
  name: string;
  email: string;
  role: "admin" | "member";
  conversations: number;
  seconds: number;
  average_score: number | null;
  last_active_epoch: number | null;
};

/**
 * The version of the organisation's statistics answer: the id of the last transaction that changed
 * it (kept by triggers, migration 0008), 0 when nothing changed since that migration. One primary-key read.
 */
export async function selectStatsVersion(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ version: organizationStatsVersions.version })
    .from(organizationStatsVersions)
    .where(eq(organizationStatsVersions.organization_id, organizationId))
    .limit(1);
  return row ? Number(row.version) : 0;
}

/**
 * One row per member of the organisation with the aggregates of their ended conversations there,
 * read from learner_stats (kept by triggers in the writing transaction; migrations 0003 and 0006): one
 * primary-key row per member, whatever the number of conversations. Unordered: the caller sorts.
 */
export async function selectMemberAggregates(db: Executor, organizationId: string): Promise<MemberAggregate[]> {
  // Plain rows from the driver: drizzle's per-row mapping was the largest cost of this call.
  return rowsOf<MemberAggregate>(
    await db.execute(sql`
      select ${users.id} as id, ${users.name} as name, ${users.email} as email, ${memberships.role} as role,
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
      score: sql<number>`coalesce(${gradeReviews.score}, ${grades.score})`,
      schema_name: conversations.schema_name,
    })
    .from(conversations)
    .innerJoin(grades, eq(grades.conversation_id, conversations.id))
    .leftJoin(gradeReviews, eq(gradeReviews.conversation_id, conversations.id))
    .where(
      and(
        eq(conversations.user_id, input.userId),
        eq(conversations.organization_id, input.organizationId),
        eq(conversations.status, "ended"),
        // Practice only: an uploaded real call is graded, but it is not a point on the practice chart.
        eq(conversations.source, "practice"),
        eq(grades.status, "graded"),
        // Too little to grade has no automatic score: only a reviewed one puts it on the chart.
        sql`coalesce(${gradeReviews.score}, ${grades.score}) is not null`,
      ),
    )
    .orderBy(desc(conversations.started_at))
    .limit(input.limit);
  return rows.reverse();
}

/** When each learner (member, not admin) of the organisation first signed in; null for never. */
export async function selectFirstSignIns(db: Executor, organizationId: string) {
  return db
    .select({ user_id: users.id, first_signed_in_at: users.first_signed_in_at })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.role, "member")));
}

/** The last three final scores of every member with graded conversations, newest first (for the falling-trend flag). */
export async function selectRecentScores(db: Executor, organizationId: string) {
  const res = await db.execute(sql`
    select user_id, json_agg(score order by rn) as scores from (
      select c.user_id, coalesce(r.score, g.score) as score,
             row_number() over (partition by c.user_id order by c.started_at desc) as rn
      from conversations c
      join grades g on g.conversation_id = c.id and g.status = 'graded'
      left join grade_reviews r on r.conversation_id = c.id
      where c.organization_id = ${organizationId} and c.status = 'ended' and coalesce(r.score, g.score) is not null
        and c.source = 'practice'
    ) s where rn <= 3 group by user_id`);
  const rows = rowsOf<{ user_id: string; scores: number[] | string }>(res);
  return rows.map((r) => ({
    user_id: r.user_id,
    scores: (typeof r.scores === "string" ? JSON.parse(r.scores) : r.scores) as number[],
  }));
}

/** Every conversation of one member in the organisation, newest first, with automatic and final score. */
export async function selectUserConversations(
  db: Executor,
  input: { organizationId: string; userId: string; limit: number },
) {
  return db
    .select({
      id: conversations.id,
      schema_id: conversations.schema_id,
      schema_name: conversations.schema_name,
      status: conversations.status,
      source: conversations.source,
      started_at: conversations.started_at,
      ended_at: conversations.ended_at,
      grade_status: grades.status,
      grade_state: grades.state,
      automatic_score: grades.score,
      reviewed_score: gradeReviews.score,
    })
    .from(conversations)
    .leftJoin(grades, eq(grades.conversation_id, conversations.id))
    .leftJoin(gradeReviews, eq(gradeReviews.conversation_id, conversations.id))
    .where(and(eq(conversations.user_id, input.userId), eq(conversations.organization_id, input.organizationId)))
    .orderBy(desc(conversations.started_at), desc(conversations.id))
    .limit(input.limit);
}

export type ExportRow = {
  user_id: string;
  name: string;
  email: string;
  groups: string;
  roleplay: string;
  started_at: Date | string;
  seconds: number | null;
  /** Null for an abandoned call (ended by the idle sweep before anything was said): it has no grade. */
  state: GradeState | null;
  automatic_score: number | null;
  reviewed_score: number | null;
  final_score: number | null;
  reviewer_comment: string | null;
  /** The scorecard's criteria as stored with the grade (a JSON string on some drivers). */
  criteria: { label: string; score: number | null }[] | string | null;
  assignment_id: string | null;
  assignment_name: string | null;
  assignment_created_at: Date | string | null;
  due_at: Date | string | null;
  pass_mark: number | null;
  /** The assignment's tiers, maximum and rule, and which attempt at it this call was (1 = first; null: no attempt). */
  tiers: number[] | string | null;
  max_attempts: number | null;
  counts: "best" | "latest" | null;
  attempt: number | null;
  /** 'real_call': an uploaded call, graded like practice but never toward an assignment. */
  source: "practice" | "real_call";
  /** When the retention job deleted the call's transcript (the grade stays); null while it is kept. */
  transcript_purged_at: Date | string | null;
  /** Instructors' comments on the call's turns, and its criterion overrides in force (db/queries/coaching.ts). */
  turn_comments: string | null;
  criterion_overrides: string | null;
};

/**
 * One row per graded or abandoned conversation of the organisation's learners (too little to grade
 * included, with no automatic score; admins' own practice left out), with the assignment it counts
 * toward: the soonest due one of its roleplay that targets the learner and existed when it started.
 */
export async function selectGradeExport(
  db: Executor,
  input: { organizationId: string; assignmentId?: string; groupId?: string },
) {
  const org = input.organizationId;
  const onlyAssignment = input.assignmentId ? sql`and a.id = ${input.assignmentId}` : sql``;
  const assignmentRequired = input.assignmentId ? sql`and a.id is not null` : sql``;
  const inGroup = input.groupId
    ? sql`and exists (select 1 from group_members gm where gm.group_id = ${input.groupId} and gm.user_id = c.user_id)`
    : sql``;
  const res = await db.execute(sql`
    select c.user_id, u.name, u.email,
      coalesce((select string_agg(gr.name, '; ' order by gr.name) from group_members gm join groups gr on gr.id = gm.group_id
                where gm.user_id = c.user_id and gr.organization_id = ${org}), '') as groups,
      c.schema_name as roleplay, c.started_at,
      extract(epoch from (c.ended_at - c.started_at))::float8 as seconds,
      g.state, g.score as automatic_score, r.score as reviewed_score, coalesce(r.score, g.score) as final_score,
      r.comment as reviewer_comment, g.scorecard -> 'criteria' as criteria,
      a.id as assignment_id, a.schema_name as assignment_name, a.created_at as assignment_created_at,
      a.due_at, a.pass_mark, c.source, c.transcript_purged_at,
      a.tiers, a.max_attempts, a.counts,
      case when a.id is not null and ${isAttempt} then (
        select count(*)::int from conversations c2
        left join grades g2 on g2.conversation_id = c2.id
        left join grade_reviews r2 on r2.conversation_id = c2.id
        where c2.user_id = c.user_id and c2.organization_id = ${org} and c2.schema_id = c.schema_id
          and c2.started_at >= a.created_at and (c2.started_at, c2.id) <= (c.started_at, c.id)
          and ${isAttemptOf("c2", "g2", "r2")}
      ) end as attempt,
      ${exportCoachingColumns}
    from conversations c
    join users u on u.id = c.user_id
    left join grades g on g.conversation_id = c.id
    left join grade_reviews r on r.conversation_id = c.id
    left join lateral (
      select a.id, a.due_at, a.pass_mark, a.created_at, a.tiers, a.max_attempts, a.counts, s.name as schema_name
      from assignments a
      join roleplay_schemas s on s.id = a.schema_id
      where a.organization_id = ${org} and a.schema_id = c.schema_id and a.created_at <= c.started_at ${onlyAssignment}
        and c.source = 'practice'
        and (not exists (select 1 from assignment_groups ag where ag.assignment_id = a.id)
             or exists (select 1 from assignment_groups ag join group_members gm on gm.group_id = ag.group_id
                        where ag.assignment_id = a.id and gm.user_id = c.user_id))
      order by a.due_at, a.id limit 1
    ) a on true
    where c.organization_id = ${org}
      and ((c.status = 'ended' and g.status = 'graded') or c.status = 'abandoned')
      ${assignmentRequired} ${inGroup}
      -- An instructor's own practice is not a learner's row.
      and not exists (select 1 from memberships am where am.organization_id = ${org} and am.user_id = c.user_id
                      and am.role = 'admin')
    order by u.name, u.email, c.started_at`);
  return rowsOf<ExportRow>(res);
}
