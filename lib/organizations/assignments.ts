import "server-only";

import { ZodError } from "zod";

import { getDb, type Transaction } from "@/db";
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
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import { naturalCompare } from "@/lib/natural-order";
import { roleplayGrading } from "@/lib/roleplays/present";
import type { CreateAssignmentInput, UpdateAssignmentInput } from "@/lib/validations/assignment";

import {
  type AssignmentStatus,
  assignmentStatus,
  countAttempts,
  type CountRule,
  nextTier,
  type Tier,
  TIER_NAMES,
  tierReached,
} from "./assignment-status";

/** Where a learner stands on one assignment, by its maximum and best-or-latest rule (see countAttempts). */
type AttemptResult = {
  /** Attempts made since the assignment was created, counted or not. */
  attempts: number;
  /** Of those, the ones that count (the first `max_attempts`). */
  counted_attempts: number;
  /** Attempts that would still count; null when there is no maximum. */
  attempts_left: number | null;
  best_score: number | null;
  latest_score: number | null;
  /** The result: the best or the latest counted score, as the assignment says. */
  score: number | null;
  tier: Tier | null;
  next_tier: Tier | null;
  status: AssignmentStatus;
};
type LearnerProgress = AttemptResult & { user_id: string; name: string; email: string };
type Rules = {
  pass_mark: number;
  min_attempts: number;
  max_attempts: number | null;
  counts: CountRule;
  tiers: number[] | null;
  due_at: Date;
};

/** One learner's attempt scores (oldest first) read by an assignment's rules. */
function attemptResult(scores: (number | null)[], a: Rules, now: Date): AttemptResult {
  const r = countAttempts(scores, { maxAttempts: a.max_attempts, counts: a.counts });
  return {
    attempts: r.attempts,
    counted_attempts: r.counted,
    attempts_left: r.left,
    best_score: r.best,
    latest_score: r.latest,
    score: r.score,
    tier: tierReached(r.score, a.tiers),
    next_tier: nextTier(r.score, a.tiers),
    status: assignmentStatus({
      attempts: r.attempts,
      score: r.score,
      pending: r.pending,
      passMark: a.pass_mark,
      minAttempts: a.min_attempts,
      maxAttempts: a.max_attempts,
      dueAt: a.due_at,
      now,
    }),
  };
}
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
  tiers: number[] | null;
  max_attempts: number | null;
  counts: CountRule;
  created_at: string;
  completion: {
    assigned: number;
    passed: number;
    out_of_attempts: number;
    in_progress: number;
    not_started: number;
    overdue: number;
    pass_rate: number | null;
    /** Learners at each tier (their highest), lowest tier first; empty without tiers. */
    tiers: { name: string; threshold: number; learners: number }[];
  };
  groups: { id: string; name: string; assigned: number; passed: number }[];
  learners: LearnerProgress[];
};

/** The roleplay must be a live one of this organisation: anything else is the same 404. */
async function roleplayOfOrganization(organizationId: string, roleplayId: string) {
  const roleplay = await findLiveRoleplay(await getDb(), { roleplayId, organizationId });
  if (!roleplay) throw notFound("Schema not found", "roleplay");
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
  const { organizationId } = await requireRole(caller, "admin");
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
        ...attemptResult(p.scores, a, now),
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
      tiers: a.tiers,
      max_attempts: a.max_attempts,
      counts: a.counts,
      created_at: a.created_at.toISOString(),
      completion: {
        assigned: learners.length,
        passed: count("passed"),
        out_of_attempts: count("out_of_attempts"),
        in_progress: count("in_progress"),
        not_started: count("not_started"),
        overdue: count("overdue"),
        pass_rate: learners.length ? Math.round((count("passed") / learners.length) * 1000) / 10 : null,
        tiers: (a.tiers ?? []).map((threshold, i) => ({
          name: TIER_NAMES[i],
          threshold,
          learners: learners.filter((l) => l.tier?.threshold === threshold).length,
        })),
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

/**
 * `within`: LTI deep linking names the organisation of the launch (whose admin the caller is, checked there)
 * and writes its course link in the same transaction.
 */
export async function createAssignment(
  caller: SessionUser,
  input: CreateAssignmentInput,
  within?: { organizationId: string; also: (tx: Transaction, assignmentId: string) => Promise<void> },
) {
  const { organizationId } = within ?? (await requireRole(caller, "admin"));
  const roleplay = await roleplayOfOrganization(organizationId, input.schema_id);
  assertAttemptLimits(input.min_attempts, input.max_attempts ?? null, null);
  await assertOwnGroups(organizationId, input.group_ids);
  const passMark = input.pass_mark ?? roleplayGrading(roleplay).scorecard.pass_mark;
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const made = await insertAssignment(tx, {
      organizationId,
      createdBy: caller.id,
      roleplayId: roleplay.id,
      dueAt: input.due_at,
      passMark,
      minAttempts: input.min_attempts,
      tiers: input.tiers ?? null,
      maxAttempts: input.max_attempts ?? null,
      counts: input.counts ?? "best",
      groupIds: input.group_ids,
    });
    await within?.also(tx, made.id);
    return made;
  });
  return presentOne(organizationId, row.id);
}

export async function updateAssignment(caller: SessionUser, id: string, input: UpdateAssignmentInput) {
  const { organizationId } = await requireRole(caller, "admin");
  const stored = await findAssignment(await getDb(), { id, organizationId });
  if (!stored) throw notFound("Assignment not found", "assignment");
  assertAttemptLimits(input.min_attempts ?? stored.min_attempts, input.max_attempts, stored.max_attempts);
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
      tiers: input.tiers,
      maxAttempts: input.max_attempts,
      counts: input.counts,
      groupIds: input.group_ids,
    }),
  );
  if (!row) throw notFound("Assignment not found", "assignment");
  return presentOne(organizationId, id);
}

export async function deleteAssignment(caller: SessionUser, id: string) {
  const { organizationId } = await requireRole(caller, "admin");
  if (!(await deleteAssignmentRow(await getDb(), { id, organizationId })))
    throw notFound("Assignment not found", "assignment");
  return { message: "Assignment deleted", id };
}

/** A change to one of the two limits is checked against the stored other (the schema checks them when both come). */
function assertAttemptLimits(min: number, max: number | null | undefined, storedMax: number | null) {
  const effective = max === undefined ? storedMax : max;
  if (effective === null || effective >= min) return;
  const field = max === undefined ? "min_attempts" : "max_attempts";
  throw new ZodError([
    {
      code: "custom",
      path: [field],
      message: `Maximum attempts (${effective}) must be at least the minimum attempts (${min})`,
      input: field === "max_attempts" ? max : min,
    },
  ]);
}

async function presentOne(organizationId: string, id: string) {
  const found = (await assignmentsOf(organizationId)).find((a) => a.id === id);
  if (!found) throw notFound("Assignment not found", "assignment");
  return found;
}

type LearnerAssignment = AttemptResult & {
  id: string;
  schema_id: string;
  schema_name: string;
  due_at: string;
  pass_mark: number;
  min_attempts: number;
  tiers: number[] | null;
  max_attempts: number | null;
  counts: CountRule;
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
        tiers: a.tiers,
        max_attempts: a.max_attempts,
        counts: a.counts,
        ...attemptResult(p.scores, a, now),
      };
    });
}
