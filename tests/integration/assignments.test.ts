import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { DELETE as deleteAssignment, PUT as updateAssignment } from "@/app/api/organization/assignments/[id]/route";
import { GET as listAssignments, POST as createAssignment } from "@/app/api/organization/assignments/route";
import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { GET as statsDashboard } from "@/app/api/organization/stats-dashboard/route";
import { GET as userConversations } from "@/app/api/organization/users/[userId]/conversations/route";
import { PUT as chooseOrganization } from "@/app/api/protected/active-organization/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { getDb } from "@/db";
import { assignments, conversations, grades, roleplays } from "@/db/schema";

import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const persona = { name: "Pat", role: "Buyer", situation: "s", background: "b", pain_points: ["p"], goals: ["g"] };

async function practise(userId: string, orgId: string, roleplayId: string, score: number, minutesAgo: number) {
  const db = await getDb();
  const started = new Date(Date.now() - minutesAgo * 60_000);
  const [c] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_id: roleplayId,
      schema_name: "Discovery call",
      persona,
      mode: "local",
      status: "ended",
      started_at: started,
      ended_at: new Date(started.getTime() + 4 * 60_000),
    })
    .returning();
  await db
    .insert(grades)
    .values({ conversation_id: c.id, status: "graded", score, graded_at: new Date(), grader: "rubric" });
  return c;
}

describe("assignments, review and export", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let s2: Awaited<ReturnType<typeof createUser>>;
  let s10: Awaited<ReturnType<typeof createUser>>;
  let roleplayId: string;
  let assignmentId: string;

  beforeAll(async () => {
    org = await createOrg({ name: "Sales Lab", groups: ["Cohort A", "Cohort B"] });
    admin = await createUser({ name: "Ines Instructor" });
    s2 = await createUser({ name: "Student 2" });
    s10 = await createUser({ name: "Student 10" });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: s2.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await addMember({ userId: s10.id, orgId: org.id, groupIds: [org.groups[1].id] });
    roleplayId = (await makeRoleplay(org.id)).id;
  });

  it("creates an assignment for one group with the default pass mark of 70", async () => {
    const res = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: {
        schema_id: roleplayId,
        group_ids: [org.groups[0].id],
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        min_attempts: 2,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.pass_mark).toBe(70);
    expect(res.json.completion).toMatchObject({ assigned: 1, passed: 0, not_started: 1 });
    expect(res.json.learners.map((l: { name: string }) => l.name)).toEqual(["Student 2"]);
    assignmentId = res.json.id;
    // Made an hour ago, so the practice below (minutes ago) counts; attempts before it do not.
    await (
      await getDb()
    )
      .update(assignments)
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where(eq(assignments.id, assignmentId));
  });

  it("practice from before the assignment was made does not count", async () => {
    await practise(s2.id, org.id, roleplayId, 95, 120);
    const mine = (await call(dashboard, { token: s2.token })).json.assignments;
    expect(mine).toMatchObject([{ attempts: 0, best_score: null, status: "not_started" }]);
  });

  it("refuses a foreign group with a 422 naming it, and a foreign roleplay with a 404", async () => {
    const other = await createOrg({ name: "Elsewhere", groups: ["X"] });
    const foreignGroup = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: { schema_id: roleplayId, group_ids: [other.groups[0].id], due_at: "2031-01-01T00:00:00Z" },
    });
    expect(foreignGroup.status).toBe(422);
    expect(foreignGroup.json.detail[0].loc).toEqual(["body", "group_ids", 0]);
    const foreignRoleplay = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: { schema_id: (await makeRoleplay(other.id)).id, due_at: "2031-01-01T00:00:00Z" },
    });
    expect(foreignRoleplay.status).toBe(404);
  });

  it("needs the required attempts: one passing attempt is in progress, the second passes", async () => {
    await practise(s2.id, org.id, roleplayId, 82, 30);
    let mine = (await call(dashboard, { token: s2.token })).json.assignments;
    expect(mine).toMatchObject([{ id: assignmentId, attempts: 1, best_score: 82, status: "in_progress" }]);
    await practise(s2.id, org.id, roleplayId, 64, 10);
    mine = (await call(dashboard, { token: s2.token })).json.assignments;
    expect(mine).toMatchObject([{ attempts: 2, best_score: 82, status: "passed" }]);
    // Student 10 is in the other group: nothing assigned.
    expect((await call(dashboard, { token: s10.token })).json.assignments).toEqual([]);
  });

  it("a reviewed score counts in pass status, statistics and the export; the automatic score is kept", async () => {
    const [best] = (
      await call(userConversations, { token: admin.token, params: { userId: s2.id } })
    ).json.conversations.filter((c: { score: number }) => c.score === 82);
    const noReason = await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: best.id },
      body: { score: 50 },
    });
    expect(noReason.status).toBe(422);
    const res = await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: best.id },
      body: { score: 50, comment: '=HYPERLINK("x") The rubric missed that no need was confirmed' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ automatic_score: 82, reviewed_score: 50, final_score: 50 });

    const mine = (await call(dashboard, { token: s2.token })).json.assignments;
    expect(mine).toMatchObject([{ attempts: 2, best_score: 64, status: "in_progress" }]);

    const stats = (await call(statsDashboard, { token: admin.token })).json;
    const student = stats.groups
      .flatMap((g: { users: { id: string }[] }) => g.users)
      .find((u: { id: string }) => u.id === s2.id);
    expect(student.average_score).toBe(69.7); // (95 + 50 + 64) / 3, not (95 + 82 + 64) / 3

    const csv = await call(exportCsv, { token: admin.token, query: { assignment_id: assignmentId } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (csv.json as string).trim().split("\r\n");
    // Later features add their columns at the end (issues 24 and 25): the gradebook's own columns come first.
    expect(lines[0]).toMatch(
      /^student_name,email,groups,roleplay,started_at,time_zone,duration_minutes,automatic_score,reviewed_score,final_score,assignment,assignment_due,counts_from,pass_mark,result,assignment_status,reviewer_comment,status(,|$)/,
    );
    // Student 2's two calls since the assignment, oldest first; Student 10 is in the other group.
    const rows = csvRecords(csv.json as string);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      automatic_score: "82",
      reviewed_score: "50",
      final_score: "50",
      pass_mark: "70",
      result: "fail",
      assignment_status: "In progress",
      reviewer_comment: '\'=HYPERLINK("x") The rubric missed that no need was confirmed',
      status: "graded",
    });
    expect(rows[1]).toMatchObject({ automatic_score: "64", reviewed_score: "", final_score: "64", result: "fail" });
  });

  it("export cells that start with a formula sign are neutralised", async () => {
    const evil = await createUser({ name: "=cmd|' /C calc'!A0" });
    await addMember({ userId: evil.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await practise(evil.id, org.id, roleplayId, 90, 5);
    const csv = await call(exportCsv, { token: admin.token, query: { group_id: org.groups[0].id } });
    const row = (csv.json as string).split("\r\n").find((l) => l.includes("calc"));
    expect(row?.startsWith("\"'=cmd|' /C calc'!A0\"") || row?.startsWith("'=cmd")).toBe(true);
    expect(csv.json as string).not.toContain("Student 10");
  });

  it("an assignment of a deleted roleplay disappears from the learner's dashboard but stays listed for the admin", async () => {
    const doomed = await makeRoleplay(org.id);
    const made = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: { schema_id: doomed.id, due_at: "2031-01-01T00:00:00Z" },
    });
    expect(made.status).toBe(201);
    expect((await call(dashboard, { token: s10.token })).json.assignments.map((a: { id: string }) => a.id)).toContain(
      made.json.id,
    );
    await (await getDb()).update(roleplays).set({ deleted_at: new Date() }).where(eq(roleplays.id, doomed.id));
    expect(
      (await call(dashboard, { token: s10.token })).json.assignments.map((a: { id: string }) => a.id),
    ).not.toContain(made.json.id);
    const listed = (await call(listAssignments, { token: admin.token })).json.assignments.find(
      (a: { id: string }) => a.id === made.json.id,
    );
    expect(listed.schema_deleted).toBe(true);
    expect(
      (await call(deleteAssignment, { method: "DELETE", token: admin.token, params: { id: made.json.id } })).status,
    ).toBe(200);
  });

  it("updates and deletes only within the organisation", async () => {
    const upd = await call(updateAssignment, {
      method: "PUT",
      token: admin.token,
      params: { id: assignmentId },
      body: { pass_mark: 60, group_ids: [] },
    });
    expect(upd.status).toBe(200);
    expect(upd.json.completion.assigned).toBe(3); // no groups: every learner (both students and the new one; admins are not learners)
    const list = await call(listAssignments, { token: admin.token });
    expect(list.json.assignments).toHaveLength(1);
    const del = await call(deleteAssignment, { method: "DELETE", token: admin.token, params: { id: assignmentId } });
    expect(del.status).toBe(200);
    expect(
      (await call(deleteAssignment, { method: "DELETE", token: admin.token, params: { id: assignmentId } })).status,
    ).toBe(404);
  });

  it("the organisation switcher decides which organisation the statistics are about", async () => {
    const second = await createOrg({ name: "Another Lab" });
    await addMember({ userId: admin.id, orgId: second.id, role: "admin" });
    expect((await call(statsDashboard, { token: admin.token })).json.organization_name).toBe("Another Lab"); // the latest joined
    const chosen = await call(chooseOrganization, {
      method: "PUT",
      token: admin.token,
      body: { organization_id: org.id },
    });
    expect(chosen.status).toBe(200);
    expect((await call(statsDashboard, { token: admin.token })).json.organization_name).toBe("Sales Lab");
    expect((await call(dashboard, { token: admin.token })).json.organization).toBe("Sales Lab");
  });
});
