import "server-only";

import { getDb } from "@/db";
import { findAssignment } from "@/db/queries/assignments";
import { type ExportRow, selectGradeExport } from "@/db/queries/organization-stats";
import { foreignGroupIds } from "@/db/queries/roleplays";
import type { SessionUser } from "@/lib/auth/service";
import { toCsv } from "@/lib/dev/csv";
import { notFound } from "@/lib/errors";

import { managedOrganization } from "./stats";

const HEADER = [
  "student_name",
  "email",
  "groups",
  "roleplay",
  "started_at",
  "duration_minutes",
  "automatic_score",
  "reviewed_score",
  "final_score",
  "assignment",
  "assignment_due",
  "pass_mark",
  "result",
  "status",
];

/** The status column: too little to grade is a state, so its row has no automatic score. */
const STATUS: Record<ExportRow["state"], string> = { graded: "graded", too_little: "too little to grade" };

const num = (v: unknown) => (v === null || v === undefined ? "" : String(Number(v)));
const iso = (v: Date | string | null) => (v === null ? "" : new Date(v).toISOString());

/** The gradebook CSV of the caller's organisation (formula-safe cells), optionally one assignment or group. */
export async function exportGrades(caller: SessionUser, filter: { assignment_id?: string; group_id?: string }) {
  const { organizationId, organizationName } = await managedOrganization(caller);
  const db = await getDb();
  if (filter.assignment_id && !(await findAssignment(db, { id: filter.assignment_id, organizationId }))) {
    throw notFound("Assignment not found");
  }
  if (filter.group_id && (await foreignGroupIds(db, { organizationId, groupIds: [filter.group_id] })).length) {
    throw notFound("Group not found");
  }
  const rows = await selectGradeExport(db, {
    organizationId,
    assignmentId: filter.assignment_id,
    groupId: filter.group_id,
  });
  const body = toCsv(
    HEADER,
    rows.map((r) => {
      const final = r.final_score === null ? null : Number(r.final_score);
      const result = r.pass_mark === null || final === null ? "" : final >= Number(r.pass_mark) ? "pass" : "fail";
      return [
        r.name,
        r.email,
        r.groups,
        r.roleplay,
        iso(r.started_at),
        r.seconds === null ? "" : String(Math.round(Number(r.seconds) / 60)),
        num(r.automatic_score),
        num(r.reviewed_score),
        num(final),
        r.assignment_name ?? "",
        iso(r.due_at),
        num(r.pass_mark),
        result,
        STATUS[r.state],
      ];
    }),
  );
  const filename = `${organizationName.replace(/[^a-zA-Z0-9]/g, "_")}_grades.csv`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
