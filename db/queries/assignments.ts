import "server-only";

import { and, asc, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { assignmentGroups, assignments, roleplays } from "@/db/schema";

import { rowsOf } from "./rows";

export type AssignmentValues = { roleplayId: string; dueAt: Date; passMark: number; minAttempts: number };

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

export type AssignmentProgressRow = {
  assignment_id: string;
  user_id: string;
  attempts: number;
  best_score: number | null;
  last_score: number | null;
};

/**
 * One row per (assignment, assigned member): ended attempts at the roleplay since the
 * assignment was made, and the best final score (the reviewed one where an instructor set it).
 * A call with too little to grade is neither an attempt nor a score unless a review scored it.
 * Assigned learners: members (not admins) in one of its groups, or every member when it names no group.
 * One grouped statement; `userId` narrows it to one learner (the dashboard).
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
      select t.assignment_id, t.user_id, c.started_at,
             case when g.status = 'graded' then coalesce(r.score, g.score) end as score
      from targets t
      join conversations c on c.user_id = t.user_id and c.organization_id = ${input.organizationId}
        and c.schema_id = t.schema_id and c.status = 'ended' and c.started_at >= t.created_at
        -- An uploaded real call is graded, but it is no attempt at an assignment.
        and c.source = 'practice'
      left join grades g on g.conversation_id = c.id
      left join grade_reviews r on r.conversation_id = c.id
      -- Too little to grade is no attempt, until an instructor's review scores it.
      where g.state is distinct from 'too_little' or r.score is not null
    )
    select t.assignment_id, t.user_id,
           count(a.started_at)::int as attempts,
           max(a.score)::int as best_score,
           (array_agg(a.score order by a.started_at desc) filter (where a.score is not null))[1]::int as last_score
    from targets t
    left join attempts a on a.assignment_id = t.assignment_id and a.user_id = t.user_id
    group by t.assignment_id, t.user_id`);
  return rowsOf<AssignmentProgressRow>(res).map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    best_score: r.best_score === null ? null : Number(r.best_score),
    last_score: r.last_score === null ? null : Number(r.last_score),
  }));
}
