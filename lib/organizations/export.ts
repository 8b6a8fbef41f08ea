import "server-only";

import { getDb } from "@/db";
import { findAssignment } from "@/db/queries/assignments";
import { recordAudit } from "@/db/queries/audit";
import { type ExportRow, selectGradeExport, selectGroupMemberships } from "@/db/queries/organization-stats";
import { selectOrganizationGroups } from "@/db/queries/organizations";
import { foreignGroupIds } from "@/db/queries/roleplays";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { toCsv } from "@/lib/dev/csv";
import { notFound } from "@/lib/errors";

import { STATUS_LABEL } from "./assignment-status";
import { assignmentsOf } from "./assignments";
import { localDateTime } from "./time-zone";

/**
 * The columns before the scorecard's (one per criterion label found in the export) and after them.
 * `counts_from`: calls made before the assignment was created do not count toward it (as on the
 * assignment's progress), so the per-assignment export lists only calls from that time.
 */
const HEAD = [
  "student_name",
  "email",
  "groups",
  "roleplay",
  "started_at",
  "time_zone",
  "duration_minutes",
  "automatic_score",
  "reviewed_score",
  "final_score",
  "assignment",
  "assignment_due",
  "counts_from",
  "pass_mark",
  "result",
  "assignment_status",
];
// `transcript`: "kept", or the date the retention job deleted it (the grade and scores stay).
const TAIL = ["reviewer_comment", "status", "source", "transcript"];
/**
 * Issue 25: the assignment's tiers, maximum and rule; which attempt the call was and whether it counts
 * (attempts past the maximum do not); the learner's score that counts on the assignment (best or latest) and tier.
 */
const LIMITS = ["tiers", "max_attempts", "counts", "attempt", "counted", "assignment_score", "tier"];
/** Coaching (issue 25): the instructors' comments with their turn numbers, and the criterion overrides in force. */
const COACHING = ["comments", "criterion_overrides"];

/** What became of the call: too little to grade is a state, so its row has no automatic score. */
function statusOf(r: ExportRow): string {
  if (r.state === null) return "abandoned";
  return r.state === "too_little" ? "too little to grade" : "graded";
}

const num = (v: unknown) => (v === null || v === undefined ? "" : String(Number(v)));

function criteriaOf(r: ExportRow): { label: string; score: number | null }[] {
  if (!r.criteria) return [];
  return typeof r.criteria === "string" ? JSON.parse(r.criteria) : r.criteria;
}

/** The gradebook CSV of the caller's organisation (formula-safe cells), optionally one assignment or group. */
export async function exportGrades(caller: SessionUser, filter: { assignment_id?: string; group_id?: string }) {
  const { organizationId, organizationName, timeZone } = await requireRole(caller, "admin");
  const db = await getDb();
  if (filter.assignment_id && !(await findAssignment(db, { id: filter.assignment_id, organizationId }))) {
    throw notFound("Assignment not found", "assignment");
  }
  if (filter.group_id && (await foreignGroupIds(db, { organizationId, groupIds: [filter.group_id] })).length) {
    throw notFound("Group not found", "group");
  }
  const [rows, assignments, groupRows, links] = await Promise.all([
    selectGradeExport(db, { organizationId, assignmentId: filter.assignment_id, groupId: filter.group_id }),
    assignmentsOf(organizationId),
    selectOrganizationGroups(db, { organizationId, order: "created" }),
    selectGroupMemberships(db, organizationId),
  ]);
  const local = (v: Date | string | null) => localDateTime(v, timeZone);
  const learnerIn = new Map(assignments.flatMap((a) => a.learners.map((l) => [`${a.id}:${l.user_id}`, l] as const)));
  const statusIn = new Map([...learnerIn].map(([k, l]) => [k, STATUS_LABEL[l.status]] as const));
  /** The assignment's and the learner's columns of LIMITS for one row. */
  const limitsOf = (
    a: { id: string; tiers: number[] | string | null; max_attempts: number | null; counts: string | null },
    userId: string,
    attempt: number | null,
  ) => {
    const l = learnerIn.get(`${a.id}:${userId}`);
    const tiers = typeof a.tiers === "string" ? (JSON.parse(a.tiers) as number[]) : a.tiers;
    const counted = attempt === null ? "" : a.max_attempts === null || attempt <= a.max_attempts ? "yes" : "no";
    return [
      (tiers ?? []).join("/"),
      num(a.max_attempts),
      a.counts ?? "",
      num(attempt),
      counted,
      num(l?.score),
      l?.tier?.name ?? "",
    ];
  };
  const labels = [...new Set(rows.flatMap((r) => criteriaOf(r).map((c) => c.label)))];

  const lines = rows.map((r) => {
    const final = r.final_score === null ? null : Number(r.final_score);
    const pastMax = r.attempt !== null && r.max_attempts !== null && Number(r.attempt) > Number(r.max_attempts);
    const result =
      r.pass_mark === null || final === null
        ? ""
        : pastMax
          ? "not counted"
          : final >= Number(r.pass_mark)
            ? "pass"
            : "fail";
    const scores = new Map(criteriaOf(r).map((c) => [c.label, c.score]));
    return [
      r.name,
      r.email,
      r.groups,
      r.roleplay,
      local(r.started_at),
      timeZone,
      r.seconds === null ? "" : String(Math.round(Number(r.seconds) / 60)),
      num(r.automatic_score),
      num(r.reviewed_score),
      num(final),
      r.assignment_name ?? "",
      local(r.due_at),
      local(r.assignment_created_at),
      num(r.pass_mark),
      result,
      r.assignment_id ? (statusIn.get(`${r.assignment_id}:${r.user_id}`) ?? "") : "",
      ...labels.map((l) => num(scores.get(l))),
      r.reviewer_comment ?? "",
      statusOf(r),
      r.source === "real_call" ? "real call" : "practice",
      r.transcript_purged_at ? `deleted ${local(r.transcript_purged_at)} (retention)` : "kept",
      ...(r.assignment_id
        ? limitsOf({ ...r, id: r.assignment_id }, r.user_id, r.attempt === null ? null : Number(r.attempt))
        : LIMITS.map(() => "")),
      r.turn_comments ?? "",
      r.criterion_overrides ?? "",
    ];
  });

  // One assignment: every assigned learner has a row, those with no call that counts as "not started".
  const assignment = assignments.find((a) => a.id === filter.assignment_id);
  if (assignment) {
    const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
    const groupsOf = new Map<string, string[]>();
    for (const l of links) groupsOf.set(l.user_id, [...(groupsOf.get(l.user_id) ?? []), l.group_id]);
    const started = new Set(rows.map((r) => r.user_id));
    for (const l of assignment.learners) {
      const ids = groupsOf.get(l.user_id) ?? [];
      if (started.has(l.user_id) || (filter.group_id && !ids.includes(filter.group_id))) continue;
      const groups = ids
        .map((id) => groupName.get(id) ?? "")
        .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
        .join("; ");
      lines.push([
        l.name,
        l.email,
        groups,
        assignment.schema_name,
        "",
        timeZone,
        "",
        "",
        "",
        "",
        assignment.schema_name,
        local(assignment.due_at),
        local(assignment.created_at),
        String(assignment.pass_mark),
        "",
        STATUS_LABEL[l.status],
        ...labels.map(() => ""),
        "",
        "not started",
        "",
        "",
        ...limitsOf(assignment, l.user_id, null),
        ...COACHING.map(() => ""),
      ]);
    }
  }

  await recordAudit(db, {
    organizationId,
    actorId: caller.id,
    action: "grades.exported",
    details: { assignment_id: filter.assignment_id ?? null, group_id: filter.group_id ?? null, rows: lines.length },
  });
  const body = toCsv([...HEAD, ...labels.map((l) => `criterion: ${l}`), ...TAIL, ...LIMITS, ...COACHING], lines);
  const filename = `${organizationName.replace(/[^a-zA-Z0-9]/g, "_")}_grades.csv`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
