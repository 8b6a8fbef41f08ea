import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { PUT as updateAssignment } from "@/app/api/organization/assignments/[id]/route";
import { GET as listAssignments, POST as createAssignment } from "@/app/api/organization/assignments/route";
import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { getDb } from "@/db";
import { assignments, conversations, grades } from "@/db/schema";

import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const persona = { name: "Pat", role: "Buyer", situation: "s", background: "b", pain_points: ["p"], goals: ["g"] };

/** An ended practice call (or an uploaded real call) `minutesAgo`, graded with `score` (null: still grading). */
async function practise(
  userId: string,
  orgId: string,
  roleplayId: string,
  score: number | null,
  minutesAgo: number,
  source: "practice" | "real_call" = "practice",
) {
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
      source,
      started_at: started,
      ended_at: new Date(started.getTime() + 4 * 60_000),
    })
    .returning();
  await db
    .insert(grades)
    .values(
      score === null
        ? { conversation_id: c.id, status: "pending" }
        : { conversation_id: c.id, status: "graded", score, graded_at: new Date(), grader: "rubric" },
    );
  return c;
}

describe("assignment tiers, maximum attempts and which attempt counts", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let learner: Awaited<ReturnType<typeof createUser>>;
  let roleplayId: string;
  let assignmentId: string;

  const mine = async () => (await call(dashboard, { token: learner.token })).json.assignments[0];
  const theirs = async () => {
    const list = (await call(listAssignments, { token: admin.token })).json.assignments;
    const a = list.find((x: { id: string }) => x.id === assignmentId);
    return { assignment: a, learner: a.learners.find((l: { user_id: string }) => l.user_id === learner.id) };
  };
  const csvRows = async () => {
    const res = await call(exportCsv, { token: admin.token, query: { assignment_id: assignmentId } });
    expect(res.status).toBe(200);
    return csvRecords(res.json as string);
  };

  beforeAll(async () => {
    org = await createOrg({ name: "Tier Lab", groups: ["Cohort"] });
    admin = await createUser({ name: "Ines Instructor" });
    learner = await createUser({ name: "Lena Learner" });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: learner.id, orgId: org.id, groupIds: [org.groups[0].id] });
    roleplayId = (await makeRoleplay(org.id)).id;
  });

  it("refuses unordered tiers, tiers out of range and a maximum below the minimum with a 422 naming the field", async () => {
    const body = { schema_id: roleplayId, due_at: "2031-01-01T17:00:00Z" };
    const cases: [object, (string | number)[], string][] = [
      [{ tiers: [90, 75] }, ["body", "tiers"], "Tiers must go up"],
      [{ tiers: [50, 120] }, ["body", "tiers", 1], "whole number from 0 to 100"],
      [{ min_attempts: 3, max_attempts: 2 }, ["body", "max_attempts"], "at least the minimum attempts (3)"],
      [{ counts: "worst" }, ["body", "counts"], "'best' or 'latest'"],
    ];
    for (const [extra, loc, msg] of cases) {
      const res = await call(createAssignment, { method: "POST", token: admin.token, body: { ...body, ...extra } });
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.detail[0].loc).toEqual(loc);
      expect(res.json.detail[0].msg).toContain(msg);
    }
  });

  it("creates one with tiers 50/75/90, at most 3 attempts, the best counting", async () => {
    const res = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: {
        schema_id: roleplayId,
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        pass_mark: 70,
        min_attempts: 2,
        tiers: [50, 75, 90],
        max_attempts: 3,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ tiers: [50, 75, 90], max_attempts: 3, counts: "best" });
    expect(res.json.completion.tiers).toEqual([
      { name: "Bronze", threshold: 50, learners: 0 },
      { name: "Silver", threshold: 75, learners: 0 },
      { name: "Gold", threshold: 90, learners: 0 },
    ]);
    assignmentId = res.json.id;
    await (
      await getDb()
    )
      .update(assignments)
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where(eq(assignments.id, assignmentId));
    expect(await mine()).toMatchObject({ attempts: 0, attempts_left: 3, tier: null, next_tier: { name: "Bronze" } });
  });

  it("a PUT of the maximum alone is checked against the stored minimum", async () => {
    const res = await call(updateAssignment, {
      method: "PUT",
      token: admin.token,
      params: { id: assignmentId },
      body: { max_attempts: 1 },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({
      loc: ["body", "max_attempts"],
      msg: "Maximum attempts (1) must be at least the minimum attempts (2)",
    });
    const minAbove = await call(updateAssignment, {
      method: "PUT",
      token: admin.token,
      params: { id: assignmentId },
      body: { min_attempts: 4 },
    });
    expect(minAbove.status).toBe(422);
    expect(minAbove.json.detail[0].loc).toEqual(["body", "min_attempts"]);
  });

  it("counts the best of the first three attempts; a real call and the fourth attempt do not count", async () => {
    await practise(learner.id, org.id, roleplayId, 60, 50);
    await practise(learner.id, org.id, roleplayId, 80, 40);
    // An uploaded real call of the same roleplay is no practice attempt.
    await practise(learner.id, org.id, roleplayId, 99, 35, "real_call");
    expect(await mine()).toMatchObject({
      attempts: 2,
      attempts_left: 1,
      score: 80,
      tier: { name: "Silver", threshold: 75 },
      next_tier: { name: "Gold", threshold: 90 },
      status: "passed",
    });
    await practise(learner.id, org.id, roleplayId, 65, 30);
    // The fourth attempt is practice: allowed, graded, but the 95 is not the assignment's result.
    await practise(learner.id, org.id, roleplayId, 95, 20);
    const d = await mine();
    expect(d).toMatchObject({
      attempts: 4,
      counted_attempts: 3,
      attempts_left: 0,
      best_score: 80,
      score: 80,
      tier: { name: "Silver" },
      status: "passed",
    });
  });

  it("switching to the latest counts the third attempt (65): below the pass mark with no attempt left", async () => {
    const res = await call(updateAssignment, {
      method: "PUT",
      token: admin.token,
      params: { id: assignmentId },
      body: { counts: "latest" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await mine()).toMatchObject({
      counts: "latest",
      latest_score: 65,
      score: 65,
      tier: { name: "Bronze", threshold: 50 },
      status: "out_of_attempts",
    });
  });

  it("the dashboard, the organisation page and the CSV agree", async () => {
    const d = await mine();
    const { assignment, learner: l } = await theirs();
    expect(l).toMatchObject({
      attempts: d.attempts,
      counted_attempts: d.counted_attempts,
      attempts_left: d.attempts_left,
      score: d.score,
      tier: d.tier,
      status: d.status,
    });
    expect(assignment.completion).toMatchObject({ out_of_attempts: 1, passed: 0 });
    expect(assignment.completion.tiers.map((t: { learners: number }) => t.learners)).toEqual([1, 0, 0]);

    const rows = await csvRows();
    // Four practice calls since the assignment (the real call is not an attempt at it), oldest first.
    const practice = rows.filter((r) => r.source !== "real call");
    expect(practice.map((r) => [r.final_score, r.attempt, r.counted, r.result])).toEqual([
      ["60", "1", "yes", "fail"],
      ["80", "2", "yes", "pass"],
      ["65", "3", "yes", "fail"],
      ["95", "4", "no", "not counted"],
    ]);
    for (const r of practice) {
      expect(r).toMatchObject({
        tiers: "50/75/90",
        max_attempts: "3",
        counts: "latest",
        assignment_score: String(d.score),
        tier: d.tier.name,
        assignment_status: "Out of attempts",
      });
    }
  });

  it("an attempt still being graded is used, and does not make the learner out of attempts early", async () => {
    const other = await createUser({ name: "Pending Pia" });
    await addMember({ userId: other.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await practise(other.id, org.id, roleplayId, 40, 15);
    await practise(other.id, org.id, roleplayId, 45, 12);
    await practise(other.id, org.id, roleplayId, null, 10);
    const d = (await call(dashboard, { token: other.token })).json.assignments[0];
    expect(d).toMatchObject({ attempts: 3, attempts_left: 0, score: 45, status: "in_progress" });
  });

  it("clears tiers and the maximum with null", async () => {
    const res = await call(updateAssignment, {
      method: "PUT",
      token: admin.token,
      params: { id: assignmentId },
      body: { tiers: null, max_attempts: null, counts: "best" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ tiers: null, max_attempts: null, completion: { tiers: [] } });
    // Without a maximum the fourth attempt (95) counts again.
    expect(await mine()).toMatchObject({ attempts_left: null, score: 95, tier: null, status: "passed" });
  });
});
