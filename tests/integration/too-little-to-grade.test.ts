import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as createAssignment } from "@/app/api/organization/assignments/route";
import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { GET as statsDashboard } from "@/app/api/organization/stats-dashboard/route";
import { GET as userConversations } from "@/app/api/organization/users/[userId]/conversations/route";
import { GET as userScores } from "@/app/api/organization/users/[userId]/scores/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { GET as gradeApi } from "@/app/api/protected/grades/[conversationId]/route";
import { getDb } from "@/db";
import { assignments, conversations, conversationTurns, grades } from "@/db/schema";
import { enqueueGrade } from "@/lib/grading/queue";
import { drainGrades } from "@/lib/grading/worker";
import { getOwnProgress } from "@/lib/progress/service";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";
import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

type Lines = Parameters<typeof timedTurns>[0];

/** A learner who only says "Hi.": too little to grade. */
const hiOnly: Lines = [
  ["persona", "Dana speaking. I've got fifteen minutes, what's this about?", 4],
  ["learner", "Hi.", 1],
  ["persona", "Hello? Are you still there?", 3],
];

/** An ended conversation of the roleplay with its transcript, graded through the real grading path. */
async function gradedCall(userId: string, orgId: string, roleplayId: string, lines: Lines, minutesAgo: number) {
  const db = await getDb();
  const started = new Date(Date.now() - minutesAgo * 60_000);
  const id = await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({
        user_id: userId,
        organization_id: orgId,
        schema_id: roleplayId,
        schema_name: "Discovery call",
        persona: samplePersona,
        mode: "local",
        status: "ended",
        started_at: started,
        ended_at: new Date(started.getTime() + 2 * 60_000),
      })
      .returning();
    await tx
      .insert(conversationTurns)
      .values(timedTurns(lines, "voice", started).map((t) => ({ ...t, conversation_id: c.id })));
    await enqueueGrade(tx, c.id);
    return c.id;
  });
  await drainGrades();
  return id;
}

const csvRows = (text: string) => text.trim().split("\r\n");

describe('"Too little to grade" is a state, not a score', () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let learner: Awaited<ReturnType<typeof createUser>>;
  let roleplayId: string;
  let assignmentId: string;
  let goodId: string;
  let hiId: string;
  let good: number;

  beforeAll(async () => {
    org = await createOrg({ name: "Too Little Lab", groups: ["Cohort A"] });
    admin = await createUser({ name: "Ines Instructor" });
    learner = await createUser({ name: "Lena Learner" });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: learner.id, orgId: org.id, groupIds: [org.groups[0].id] });
    roleplayId = (await makeRoleplay(org.id)).id;
    goodId = await gradedCall(learner.id, org.id, roleplayId, discoveryCall, 30);
    // The newest call: it would be the last score, and it pulls every average down if it counts.
    hiId = await gradedCall(learner.id, org.id, roleplayId, hiOnly, 10);
    good = (await call(gradeApi, { token: learner.token, params: { conversationId: goodId } })).json.conversation_score;
    expect(good).toBeGreaterThan(25);
  });

  it("stores the state with no score; the capped number stays in the stored scorecard", async () => {
    const db = await getDb();
    const [row] = await db.select().from(grades).where(eq(grades.conversation_id, hiId));
    expect(row).toMatchObject({ status: "graded", state: "too_little", score: null });
    expect(row.scorecard?.score).toEqual(expect.any(Number));
    expect(row.scorecard!.score).toBeLessThanOrEqual(25);
    const [other] = await db.select().from(grades).where(eq(grades.conversation_id, goodId));
    expect(other).toMatchObject({ state: "graded", score: good });
  });

  it("the grade API keeps every spec field and adds grade_state", async () => {
    const res = await call(gradeApi, { token: learner.token, params: { conversationId: hiId } });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(grades).where(eq(grades.conversation_id, hiId));
    expect(res.json).toMatchObject({
      status: "graded",
      grade_state: "too_little_to_grade",
      conversation_score: row.scorecard!.score,
      started_at: expect.any(String),
      ended_at: expect.any(String),
      stages_covered: expect.any(Array),
      topics_covered: expect.any(Array),
      feedback: {
        overall_feedback: expect.any(String),
        spin_score: expect.any(Number),
        spin_feedback: expect.any(String),
        stage_scores: expect.any(Object),
        communication_score: expect.any(Number),
        communication_feedback: expect.any(String),
        strengths: expect.any(Array),
        areas_for_improvement: expect.any(Array),
        recommendations: expect.any(Array),
      },
    });
    expect(res.json).toHaveProperty("wpm");
    expect(res.json.scorecard.cap.reason).toMatch(/too little to grade/);
    const graded = await call(gradeApi, { token: learner.token, params: { conversationId: goodId } });
    expect(graded.json.grade_state).toBe("graded");
  });

  it("the dashboard lists it with its state and no score, and leaves it out of the average and the trend", async () => {
    const res = await call(dashboard, { token: learner.token });
    expect(res.status).toBe(200);
    expect(res.json.stats).toMatchObject({ totalConversations: 2, averageScore: good });
    const rows = res.json.conversations;
    expect(rows.find((c: { id: string }) => c.id === hiId)).toMatchObject({
      score: null,
      status: "graded",
      grade_state: "too_little_to_grade",
    });
    expect(rows.find((c: { id: string }) => c.id === goodId)).toMatchObject({ score: good, grade_state: "graded" });

    const progress = await getOwnProgress({ id: learner.id, name: learner.name, email: learner.email, isDev: false });
    expect(progress.overall.points.map((p) => p.conversation_id)).toEqual([goodId]);
    expect(progress.roleplays).toMatchObject([{ label: "Discovery call", best: good, sessions: 1, latest: good }]);
  });

  it("the organisation's statistics, charts and learner list leave it out of scores and show its state", async () => {
    const stats = (await call(statsDashboard, { token: admin.token })).json;
    const me = stats.groups
      .flatMap((g: { users: { id: string }[] }) => g.users)
      .find((u: { id: string }) => u.id === learner.id);
    expect(me).toMatchObject({ conversations: 2, average_score: good });

    const scores = (await call(userScores, { token: admin.token, params: { userId: learner.id } })).json;
    expect(scores.map((p: { conversation_id: string }) => p.conversation_id)).toEqual([goodId]);

    const list = (await call(userConversations, { token: admin.token, params: { userId: learner.id } })).json;
    expect(list.conversations.find((c: { id: string }) => c.id === hiId)).toMatchObject({
      status: "too little to grade",
      grade_state: "too_little_to_grade",
      score: null,
      automatic_score: null,
    });
    expect(list.lift).toEqual([{ schema_name: "Discovery call", attempts: 1, first: good, best: good, lift: 0 }]);
  });

  it("assignment progress counts it as neither an attempt nor a score", async () => {
    const made = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: {
        schema_id: roleplayId,
        group_ids: [org.groups[0].id],
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        pass_mark: good,
        min_attempts: 2,
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    assignmentId = made.json.id;
    const db = await getDb();
    await db
      .update(assignments)
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where(eq(assignments.id, assignmentId));
    // Two calls were made, but only one can be graded: one attempt, not yet the two required.
    const mine = (await call(dashboard, { token: learner.token })).json.assignments;
    expect(mine).toMatchObject([{ id: assignmentId, attempts: 1, best_score: good, status: "in_progress" }]);
  });

  it("the CSV export has a status column and an empty score for it", async () => {
    const csv = await call(exportCsv, { token: admin.token, query: { assignment_id: assignmentId } });
    expect(csv.status).toBe(200);
    const [header, ...rows] = csvRows(csv.json as string);
    const cols = header.split(",");
    expect(cols).toContain("status");
    expect(rows).toHaveLength(2);
    const cells = rows.map((r) => Object.fromEntries(r.split(",").map((v, i) => [cols[i], v])));
    const [first, second] = cells; // oldest first
    expect(first).toMatchObject({ status: "graded", automatic_score: String(good), final_score: String(good) });
    expect(second).toMatchObject({
      status: "too little to grade",
      automatic_score: "",
      reviewed_score: "",
      final_score: "",
      result: "",
    });
  });

  it("an instructor's review that scores it makes it count everywhere", async () => {
    const res = await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: hiId },
      body: { score: 40, comment: "You were cut off; I heard the rest of the call." },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ automatic_score: null, reviewed_score: 40, final_score: 40 });

    const expected = Math.round(((good + 40) / 2) * 10) / 10;
    expect((await call(dashboard, { token: learner.token })).json.stats.averageScore).toBe(expected);
    const stats = (await call(statsDashboard, { token: admin.token })).json;
    const me = stats.groups
      .flatMap((g: { users: { id: string }[] }) => g.users)
      .find((u: { id: string }) => u.id === learner.id);
    expect(me.average_score).toBeCloseTo((good + 40) / 2);
    const scores = (await call(userScores, { token: admin.token, params: { userId: learner.id } })).json;
    expect(scores.map((p: { score: number }) => p.score)).toEqual([good, 40]);
    const mine = (await call(dashboard, { token: learner.token })).json.assignments;
    expect(mine).toMatchObject([{ attempts: 2, best_score: good, status: "passed" }]);
    const csv = await call(exportCsv, { token: admin.token, query: { assignment_id: assignmentId } });
    const last = csvRecords(csv.json as string)[1];
    expect(last).toMatchObject({
      automatic_score: "",
      reviewed_score: "40",
      final_score: "40",
      result: "fail",
      reviewer_comment: "You were cut off; I heard the rest of the call.",
      status: "too little to grade",
    });
  });
});
