import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as createAssignment } from "@/app/api/organization/assignments/route";
import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { GET as statsDashboard } from "@/app/api/organization/stats-dashboard/route";
import { GET as gradeApi } from "@/app/api/protected/grades/[conversationId]/route";
import { getDb } from "@/db";
import { assignments, conversations, conversationTurns, grades, users } from "@/db/schema";
import { enqueueGrade } from "@/lib/grading/queue";
import { drainGrades } from "@/lib/grading/worker";
import { getCohort } from "@/lib/organizations/cohort";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser, TEST_PASSWORD } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const persona = { name: "Pat", role: "Buyer", situation: "s", background: "b", pain_points: ["p"], goals: ["g"] };

/** An ended, graded call at the roleplay, `minutesAgo` minutes ago. */
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
  return c.id;
}

/** An ended call with a real transcript, graded by the rubric grader. */
async function gradedCall(userId: string, orgId: string, lines = discoveryCall) {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({
        user_id: userId,
        organization_id: orgId,
        schema_name: "Discovery call",
        persona: samplePersona,
        mode: "local",
        status: "ended",
        started_at: new Date(Date.now() - 10 * 60_000),
        ended_at: new Date(Date.now() - 8 * 60_000),
      })
      .returning();
    const turns = timedTurns(lines);
    if (turns.length) await tx.insert(conversationTurns).values(turns.map((t) => ({ ...t, conversation_id: c.id })));
    await enqueueGrade(tx, c.id);
    return c.id;
  });
  await drainGrades();
  return id;
}

const session = (u: { id: string; name: string; email: string }) => ({ ...u, isDev: false });
const learnerIds = (stats: { groups: { users: { id: string }[] }[] }) =>
  stats.groups.flatMap((g) => g.users.map((u) => u.id));

describe("cohort tables, flags and the gradebook list learners only", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let student: typeof admin;
  let fresh: typeof admin;
  let roleplayId: string;
  let assignmentId: string;

  beforeAll(async () => {
    org = await createOrg({ name: "Pilot Lab", groups: ["Tuesday"] });
    [admin, student, fresh] = await Promise.all([
      createUser({ name: "Ines Instructor" }),
      createUser({ name: "Student 01" }),
      createUser({ name: "Student 02" }),
    ]);
    const tuesday = org.groups[0].id;
    // The instructor is in the group too, as seeded pilots put them.
    await addMember({ userId: admin.id, orgId: org.id, role: "admin", groupIds: [tuesday] });
    await addMember({ userId: student.id, orgId: org.id, groupIds: [tuesday] });
    await addMember({ userId: fresh.id, orgId: org.id, groupIds: [tuesday] });
    roleplayId = (await makeRoleplay(org.id)).id;
    const made = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: { schema_id: roleplayId, group_ids: [tuesday], due_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    assignmentId = made.json.id;
    const db = await getDb();
    // Made an hour ago, so the practice below counts toward it.
    await db
      .update(assignments)
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where(eq(assignments.id, assignmentId));
    // Both learners signed in before; the instructor tried the roleplay after assigning it, and failed it.
    await db
      .update(users)
      .set({ first_signed_in_at: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, student.id));
    await practise(student.id, org.id, roleplayId, 85, 1);
    await practise(admin.id, org.id, roleplayId, 30, 1);
  });

  it("the group tables show learners, not the instructor who practised", async () => {
    const stats = (await call(statsDashboard, { token: admin.token })).json;
    expect(learnerIds(stats)).not.toContain(admin.id);
    expect(learnerIds(stats).sort()).toEqual([student.id, fresh.id].sort());
  });

  it("the gradebook CSV has no row of the instructor's practice, for the organisation or the assignment", async () => {
    const queries: Record<string, string>[] = [{}, { assignment_id: assignmentId }, { group_id: org.groups[0].id }];
    for (const query of queries) {
      const csv = (await call(exportCsv, { token: admin.token, query })).json as string;
      expect(csv).toContain("Student 01");
      expect(csv).not.toContain("Ines Instructor");
      expect(csv).not.toContain(admin.email);
    }
  });

  it("the instructor is neither assigned nor a fail; the summary counts learners", async () => {
    const cohort = await getCohort(session(admin));
    const assignment = cohort.assignments.find((a) => a.id === assignmentId)!;
    expect(assignment.learners.map((l) => l.user_id)).not.toContain(admin.id);
    expect(assignment.completion).toMatchObject({ assigned: 2, passed: 1 });
    expect(cohort.summary.learners).toBe(2);
    expect(cohort.flags[admin.id]).toBeUndefined();
  });

  it("a learner seeded minutes ago who never signed in reads 'not signed in yet', never inactive", async () => {
    const cohort = await getCohort(session(admin));
    expect(cohort.flags[fresh.id]).toContain("not_signed_in");
    expect(cohort.flags[fresh.id]).not.toContain("inactive");
    expect(cohort.flags[student.id]).not.toContain("inactive");
  });

  it("the first sign-in is recorded once, and starts the inactivity clock", async () => {
    const first = await call(signin, { body: { email: fresh.email, password: TEST_PASSWORD } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const db = await getDb();
    const read = async () =>
      (await db.select({ at: users.first_signed_in_at }).from(users).where(eq(users.id, fresh.id)))[0].at;
    const at = await read();
    expect(at).toBeInstanceOf(Date);
    expect(Date.now() - at!.getTime()).toBeLessThan(60_000);
    await call(signin, { body: { email: fresh.email, password: TEST_PASSWORD } });
    expect((await read())!.getTime()).toBe(at!.getTime());

    let flags = (await getCohort(session(admin))).flags[fresh.id];
    expect(flags).not.toContain("not_signed_in");
    expect(flags).not.toContain("inactive");
    // Eight days later with no practice, and no newer assignment: now inactive.
    flags = (await getCohort(session(admin), new Date(Date.now() + 8 * 86_400_000))).flags[fresh.id];
    expect(flags).toContain("inactive");
  });
});

describe("the reviewed score is the score the grade API and page speak of", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  let learner: typeof admin;
  let id: string;

  beforeAll(async () => {
    const org = await createOrg({ name: "Review Lab" });
    [admin, learner] = await Promise.all([createUser({ name: "Rae Reviewer" }), createUser({ name: "Lee Learner" })]);
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: learner.id, orgId: org.id });
    id = await gradedCall(learner.id, org.id);
  });

  const grade = async () => (await call(gradeApi, { token: learner.token, params: { conversationId: id } })).json;

  it("before a review: final = automatic, no reviewed score", async () => {
    const g = await grade();
    expect(g.status).toBe("graded");
    expect(g.reviewed_score).toBeNull();
    expect(g.final_score).toBe(g.conversation_score);
  });

  it("after a review the API adds reviewed and final scores and the overall feedback speaks of the reviewed one", async () => {
    const before = await grade();
    const automatic: number = before.conversation_score;
    const passMark: number = before.scorecard.pass_mark;
    const reviewed = automatic >= passMark ? Math.max(0, passMark - 20) : 100;
    const res = await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: id },
      body: { score: reviewed, comment: "I listened again: the need was confirmed." },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const g = await grade();
    expect(g).toMatchObject({ conversation_score: automatic, reviewed_score: reviewed, final_score: reviewed });
    const verdict = reviewed >= passMark ? "passes" : "is below";
    expect(g.feedback.overall_feedback).toContain(
      `Your reviewed score of ${reviewed} ${verdict} the pass mark of ${passMark} (automatic score ${automatic}).`,
    );
    expect(g.feedback.overall_feedback).not.toContain(`Your score of ${automatic}`);
  });

  it("a comment-only review leaves the automatic score as the final one", async () => {
    await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: id },
      body: { comment: "Good questions." },
    });
    const g = await grade();
    expect(g).toMatchObject({ reviewed_score: null, final_score: g.conversation_score });
    expect(g.feedback.overall_feedback).toContain(`Your score of ${g.conversation_score}`);
  });

  it("too little to grade scored by a review counts with the reviewed score", async () => {
    const org = await createOrg();
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: learner.id, orgId: org.id });
    const silent = await gradedCall(learner.id, org.id, discoveryCall.slice(0, 2));
    let g = (await call(gradeApi, { token: learner.token, params: { conversationId: silent } })).json;
    expect(g.grade_state).toBe("too_little_to_grade");
    expect(g.final_score).toBeNull();
    await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: silent },
      body: { score: 75, comment: "The call dropped; what I heard was good." },
    });
    g = (await call(gradeApi, { token: learner.token, params: { conversationId: silent } })).json;
    expect(g).toMatchObject({ grade_state: "too_little_to_grade", reviewed_score: 75, final_score: 75 });
    expect(g.feedback.overall_feedback).toContain(
      "Your reviewed score of 75 passes the pass mark of 70 (automatically: too little to grade).",
    );
  });
});
