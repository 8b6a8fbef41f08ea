import "server-only";

import { and, asc, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { assignmentGroups, assignments, roleplays } from "@/db/schema";

import { rowsOf } from "./rows";

type AssignmentValues = {
  roleplayId: string;
  dueAt: Date;
  passMark: number;
  minAttempts: number;
  tiers: number[] | null;
  maxAttempts: number | null;
  counts: "best" | "latest";
};

const groupIdsOf = sql<
  string[]
>`coalesce((select json_agg(ag.group_id order by ag.group_id) from ${assignmentGroups} ag where ag.assignment_id = ${assignments.id}), '[]'::json)`;

/** The organisation's assignments, soonest due first, with the roleplay's name and the group ids. */
export async function selectAssignments(db: Executor, organizationId: string) {
  return db
    .select({
      id: assignments.id,
      schema_id: assignments.schema_id,
      schema_name: roleplays.name,
      schema_deleted: sql<boolean>`${roleplays.deleted_at} is not null`,
      due_at: assignments.due_at,
      pass_mark: assignments.pass_mark,
      min_attempts: assignments.min_attempts,
      tiers: assignments.tiers,
      max_attempts: assignments.max_attempts,
      counts: assignments.counts,
      created_at: assignments.created_at,
      group_ids: groupIdsOf,
    })
    .from(assignments)
    .innerJoin(roleplays, eq(roleplays.id, assignments.schema_id))
    .where(eq(assignments.organization_id, organizationId))
    .orderBy(asc(assignments.due_at), asc(roleplays.name), asc(assignments.id));
}

export async function findAssignment(db: Executor, input: { id: string; organizationId: string }) {
  const [row] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, input.id), eq(assignments.organization_id, input.organizationId)))
    .limit(1);
  return row ?? null;
}

export async function insertAssignment(
  db: Executor,
  input: AssignmentValues & { organizationId: string; createdBy: string; groupIds: string[] },
) {
  const [row] = await db
    .insert(assignments)
    .values({
      organization_id: input.organizationId,
      schema_id: input.roleplayId,
      due_at: input.dueAt,
      pass_mark: input.passMark,
      min_attempts: input.minAttempts,
      tiers: input.tiers,
      max_attempts: input.maxAttempts,
      counts: input.counts,
      created_by: input.createdBy,
    })
    .returning();
  if (input.groupIds.length) {
    await db.insert(assignmentGroups).values(input.groupIds.map((group_id) => ({ assignment_id: row.id, group_id })));
  }
  return row;
}

export async function updateAssignmentRow(
  db: Executor,
  input: Partial<AssignmentValues> & { id: string; organizationId: string; groupIds?: string[] },
) {
  const [row] = await db
    .update(assignments)
    .set({
      ...(input.roleplayId !== undefined && { schema_id: input.roleplayId }),
      ...(input.dueAt !== undefined && { due_at: input.dueAt }),
      ...(input.passMark !== undefined && { pass_mark: input.passMark }),
      ...(input.minAttempts !== undefined && { min_attempts: input.minAttempts }),
      ...(input.tiers !== undefined && { tiers: input.tiers }),
      ...(input.maxAttempts !== undefined && { max_attempts: input.maxAttempts }),
      ...(input.counts !== undefined && { counts: input.counts }),
      updated_at: sql`now()`,
    })
    .where(and(eq(assignments.id, input.id), eq(assignments.organization_id, input.organizationId)))
    .returning();
  if (row && input.groupIds !== undefined) {
    await db.delete(assignmentGroups).where(eq(assignmentGroups.assignment_id, row.id));
    if (input.groupIds.length) {
      await db.insert(assignmentGroups).values(input.groupIds.map((group_id) => ({ assignment_id: row.id, group_id })));
    }
  }
  return row ?? null;
}

export async function deleteAssignmentRow(db: Executor, input: { id: string; organizationId: string }) {
  const rows = await db
    .delete(assignments)
    .where(and(eq(assignments.id, input.id), eq(assignments.organization_id, input.organizationId)))
    .returning({ id: assignments.id });
  return rows.length > 0;
}

type AssignmentProgressRow = {
  assignment_id: string;
  user_id: string;
  /** Final score of each attempt, oldest first; null while it is not graded yet. */
  scores: (number | null)[];
};

/**
 * What makes a call an attempt at an assignment (`c` a conversation, `g` its grade, `r` its review):
 * an ended practice call (a real-call upload never is), at the roleplay, since the assignment was made.
 * A call with too little to grade is no attempt unless an instructor's review scored it.
 */
export const isAttemptOf = (c: string, g: string, r: string) =>
  sql.raw(`${c}.status = 'ended' and ${c}.source = 'practice'
  and (${g}.state is distinct from 'too_little' or ${r}.score is not null)`);
export const isAttempt = isAttemptOf("c", "g", "r");

/**
 * One row per (assignment, assigned member): the final score (the reviewed one where an instructor
 * set it) of every attempt since the assignment was made, oldest first; lib/organizations applies
 * the maximum and the best-or-latest rule. Assigned learners: members (not admins) in one of its
 * groups, or every member when it names no group. One grouped statement; `userId` narrows it to one
 * learner (the dashboard).
 */
export async function selectAssignmentProgress(
  db: Executor,
  input: { organizationId: string; userId?: string; assignmentId?: string },
): Promise<AssignmentProgressRow[]> {
  const onlyUser = input.userId ? sql`and m.user_id = ${input.userId}` : sql``;
  const onlyAssignment = input.assignmentId ? sql`and a.id = ${input.assignmentId}` : sql``;
  const res = await db.execute(sql`
    with targets as (
      select a.id as assignment_id, a.schema_id, a.created_at, m.user_id
      from assignments a
      join memberships m on m.organization_id = a.organization_id and m.role = 'member'
      where a.organization_id = ${input.organizationId} ${onlyUser} ${onlyAssignment}
        and (not exists (select 1 from assignment_groups ag where ag.assignment_id = a.id)
             or exists (select 1 from assignment_groups ag join group_members gm on gm.group_id = ag.group_id
                        where ag.assignment_id = a.id and gm.user_id = m.user_id))
    ),
    attempts as (
      select t.assignment_id, t.user_id, c.started_at, c.id,
             case when g.status = 'graded' then coalesce(r.score, g.score) end as score
      from targets t
      join conversations c on c.user_id = t.user_id and c.organization_id = ${input.organizationId}
        and c.schema_id = t.schema_id and c.started_at >= t.created_at
      left join grades g on g.conversation_id = c.id
      left join grade_reviews r on r.conversation_id = c.id
      where ${isAttempt}
    )
    select t.assignment_id, t.user_id,
           coalesce(json_agg(a.score order by a.started_at, a.id) filter (where a.id is not null), '[]'::json) as scores
    from targets t
    left join attempts a on a.assignment_id = t.assignment_id and a.user_id = t.user_id
    group by t.assignment_id, t.user_id`);
  return rowsOf<{ assignment_id: string; user_id: string; scores: unknown }>(res).map((r) => ({
    assignment_id: r.assignment_id,
    user_id: r.user_id,
    scores: ((typeof r.scores === "string" ? JSON.parse(r.scores) : r.scores) as (number | null)[]).map((x) =>
      x === null ? null : Number(x),
    ),
  }));
}
