import "server-only";

import { ZodError } from "zod";

import { getDb } from "@/db";
import {
  deleteAssignmentRow,
  findAssignment,
  insertAssignment,
  selectAssignmentProgress,
  selectAssignments,
  updateAssignmentRow,
} from "@/db/queries/assignments";
import { selectGroupMemberships, selectMemberAggregates } from "@/db/queries/organization-stats";
import { selectOrganizationGroups } from "@/db/queries/organizations";
import { findLiveRoleplay, foreignGroupIds } from "@/db/queries/roleplays";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import { naturalCompare } from "@/lib/natural-order";
import { roleplayGrading } from "@/lib/roleplays/present";
import type { CreateAssignmentInput, UpdateAssignmentInput } from "@/lib/validations/assignment";

import { type AssignmentStatus, assignmentStatus } from "./assignment-status";
import { managedOrganization } from "./stats";

export type LearnerProgress = {
  user_id: string;
  name: string;
  email: string;
  attempts: number;
  best_score: number | null;
  status: AssignmentStatus;
};
export type Assignment = {
  id: string;
  schema_id: string;
  schema_name: string;
  /** The roleplay was deleted after it was assigned: learners no longer see the assignment. */
  schema_deleted: boolean;
  group_ids: string[];
  due_at: string;
  pass_mark: number;
  min_attempts: number;
  created_at: string;
  completion: {
    assigned: number;
    passed: number;
    in_progress: number;
    not_started: number;
    overdue: number;
    pass_rate: number | null;
  };
  groups: { id: string; name: string; assigned: number; passed: number }[];
  learners: LearnerProgress[];
};

/** The schema must be a live roleplay of this organisation: anything else is the same 404. */
async function roleplayOfOrganization(organizationId: string, roleplayId: string) {
  const roleplay = await findLiveRoleplay(await getDb(), { roleplayId, organizationId });
  if (!roleplay) throw notFound("Schema not found");
  return roleplay;
}

async function assertOwnGroups(organizationId: string, groupIds: string[]) {
  const foreign = await foreignGroupIds(await getDb(), { organizationId, groupIds });
  if (foreign.length === 0) return;
  throw new ZodError(
    foreign.map((id) => ({
      code: "custom" as const,
      path: ["group_ids", groupIds.indexOf(id)],
      message: `Group ${id} is not a group of this organization`,
      input: id,
    })),
  );
}

/** Every assignment of the caller's organisation with its completion per group and per learner. */
export async function listAssignments(caller: SessionUser, now = new Date()): Promise<{ assignments: Assignment[] }> {
  const { organizationId } = await managedOrganization(caller);
  return { assignments: await assignmentsOf(organizationId, now) };
}

export async function assignmentsOf(organizationId: string, now = new Date()): Promise<Assignment[]> {
  const db = await getDb();
  const [rows, progress, members, groupRows, links] = await Promise.all([
    selectAssignments(db, organizationId),
    selectAssignmentProgress(db, { organizationId }),
    selectMemberAggregates(db, organizationId),
    selectOrganizationGroups(db, { organizationId, order: "created" }),
    selectGroupMemberships(db, organizationId),
  ]);
  const people = new Map(members.map((m) => [m.id, m]));
  const groupsOf = new Map<string, string[]>();
  for (const l of links) groupsOf.set(l.user_id, [...(groupsOf.get(l.user_id) ?? []), l.group_id]);
  const byAssignment = new Map<string, typeof progress>();
  for (const p of progress) byAssignment.set(p.assignment_id, [...(byAssignment.get(p.assignment_id) ?? []), p]);

  return rows.map((a) => {
    const learners: LearnerProgress[] = (byAssignment.get(a.id) ?? [])
      .map((p) => ({
        user_id: p.user_id,
        name: people.get(p.user_id)?.name ?? "",
        email: people.get(p.user_id)?.email ?? "",
        attempts: p.attempts,
        best_score: p.best_score,
        status: assignmentStatus({
          attempts: p.attempts,
          bestScore: p.best_score,
          passMark: a.pass_mark,
          minAttempts: a.min_attempts,
          dueAt: a.due_at,
          now,
        }),
      }))
      .sort((x, y) => naturalCompare(x.name || x.email, y.name || y.email));
    const count = (s: AssignmentStatus) => learners.filter((l) => l.status === s).length;
    const shownGroups = a.group_ids.length ? groupRows.filter((g) => a.group_ids.includes(g.id)) : groupRows;
    return {
      id: a.id,
      schema_id: a.schema_id,
      schema_name: a.schema_name,
      schema_deleted: Boolean(a.schema_deleted),
      group_ids: a.group_ids,
      due_at: a.due_at.toISOString(),
      pass_mark: a.pass_mark,
      min_attempts: a.min_attempts,
      created_at: a.created_at.toISOString(),
      completion: {
        assigned: learners.length,
        passed: count("passed"),
        in_progress: count("in_progress"),
        not_started: count("not_started"),
        overdue: count("overdue"),
        pass_rate: learners.length ? Math.round((count("passed") / learners.length) * 1000) / 10 : null,
      },
      groups: shownGroups.map((g) => {
        const inGroup = learners.filter((l) => groupsOf.get(l.user_id)?.includes(g.id));
        return {
          id: g.id,
          name: g.name,
          assigned: inGroup.length,
          passed: inGroup.filter((l) => l.status === "passed").length,
        };
      }),
      learners,
    };
  });
}

export async function createAssignment(caller: SessionUser, input: CreateAssignmentInput) {
  const { organizationId } = await managedOrganization(caller);
  const roleplay = await roleplayOfOrganization(organizationId, input.schema_id);
  await assertOwnGroups(organizationId, input.group_ids);
  const passMark = input.pass_mark ?? roleplayGrading(roleplay).scorecard.pass_mark;
  const db = await getDb();
  const row = await db.transaction((tx) =>
    insertAssignment(tx, {
      organizationId,
      createdBy: caller.id,
      roleplayId: roleplay.id,
      dueAt: input.due_at,
      passMark,
      minAttempts: input.min_attempts,
      groupIds: input.group_ids,
    }),
  );
  return presentOne(organizationId, row.id);
}

export async function updateAssignment(caller: SessionUser, id: string, input: UpdateAssignmentInput) {
  const { organizationId } = await managedOrganization(caller);
  if (!(await findAssignment(await getDb(), { id, organizationId }))) throw notFound("Assignment not found");
  if (input.schema_id) await roleplayOfOrganization(organizationId, input.schema_id);
  if (input.group_ids) await assertOwnGroups(organizationId, input.group_ids);
  const db = await getDb();
  const row = await db.transaction((tx) =>
    updateAssignmentRow(tx, {
      id,
      organizationId,
      roleplayId: input.schema_id,
      dueAt: input.due_at,
      passMark: input.pass_mark,
      minAttempts: input.min_attempts,
      groupIds: input.group_ids,
    }),
  );
  if (!row) throw notFound("Assignment not found");
  return presentOne(organizationId, id);
}

export async function deleteAssignment(caller: SessionUser, id: string) {
  const { organizationId } = await managedOrganization(caller);
  if (!(await deleteAssignmentRow(await getDb(), { id, organizationId }))) throw notFound("Assignment not found");
  return { message: "Assignment deleted", id };
}

async function presentOne(organizationId: string, id: string) {
  const found = (await assignmentsOf(organizationId)).find((a) => a.id === id);
  if (!found) throw notFound("Assignment not found");
  return found;
}

export type LearnerAssignment = {
  id: string;
  schema_id: string;
  schema_name: string;
  due_at: string;
  pass_mark: number;
  min_attempts: number;
  attempts: number;
  best_score: number | null;
  status: AssignmentStatus;
};

/** The learner's own assignments in their current organisation, soonest due first (dashboard). */
export async function learnerAssignments(
  userId: string,
  organizationId: string | null,
  now = new Date(),
): Promise<LearnerAssignment[]> {
  if (!organizationId) return [];
  const db = await getDb();
  const [rows, progress] = await Promise.all([
    selectAssignments(db, organizationId),
    selectAssignmentProgress(db, { organizationId, userId }),
  ]);
  const mine = new Map(progress.map((p) => [p.assignment_id, p]));
  return rows
    .filter((a) => mine.has(a.id) && !a.schema_deleted)
    .map((a) => {
      const p = mine.get(a.id)!;
      return {
        id: a.id,
        schema_id: a.schema_id,
        schema_name: a.schema_name,
        due_at: a.due_at.toISOString(),
        pass_mark: a.pass_mark,
        min_attempts: a.min_attempts,
        attempts: p.attempts,
        best_score: p.best_score,
        status: assignmentStatus({
          attempts: p.attempts,
          bestScore: p.best_score,
          passMark: a.pass_mark,
          minAttempts: a.min_attempts,
          dueAt: a.due_at,
          now,
        }),
      };
    });
}
