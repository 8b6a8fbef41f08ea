import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as retry } from "@/app/api/protected/grades/[conversationId]/retry/route";
import { GET } from "@/app/api/protected/grades/[conversationId]/route";
import { getDb } from "@/db";
import { conversations, conversationTurns, grades } from "@/db/schema";
import { enqueueGrade } from "@/lib/grading/queue";
import { drainGrades } from "@/lib/grading/worker";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

type Lines = Parameters<typeof timedTurns>[0];

/** An ended conversation with its transcript and a pending grade, as endConversation leaves it. */
async function endedConversation(
  userId: string,
  orgId: string | null,
  lines: Lines = discoveryCall,
  status: "active" | "ended" = "ended",
) {
  const db = await getDb();
  const turns = timedTurns(lines);
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({
        user_id: userId,
        organization_id: orgId,
        schema_name: "Discovery call",
        persona: samplePersona,
        mode: "local",
        status,
        started_at: new Date("2025-03-04T15:00:00Z"),
        ended_at: status === "ended" ? new Date("2025-03-04T15:01:20Z") : null,
      })
      .returning();
    if (turns.length) await tx.insert(conversationTurns).values(turns.map((t) => ({ ...t, conversation_id: c.id })));
    if (status === "ended") await enqueueGrade(tx, c.id);
    return c.id;
  });
}

const get = (id: string, token?: string) => call(GET, { token, params: { conversationId: id } });

describe("GET /api/protected/grades/{conversationId}", () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let admin: typeof owner, peer: typeof owner, outsider: typeof owner, otherAdmin: typeof owner, dev: typeof owner;
  let id: string;

  beforeAll(async () => {
    const org = await createOrg({ groups: ["Cohort A"] });
    const otherOrg = await createOrg();
    [owner, admin, peer, outsider, otherAdmin, dev] = await Promise.all([
      createUser({ name: "Owner" }),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser({ isDev: true }),
    ]);
    await addMember({ userId: owner.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: peer.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await addMember({ userId: otherAdmin.id, orgId: otherOrg.id, role: "admin" });
    id = await endedConversation(owner.id, org.id);
  });

  it("answers 202 {status: 'pending'} until the grade is made", async () => {
    const res = await get(id, owner.token);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "pending", conversation_id: id });
  });

  it("answers the spec's grade response once graded", async () => {
    await drainGrades();
    const res = await get(id, owner.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "graded",
      conversation_score: expect.any(Number),
      started_at: "2025-03-04T15:00:00.000Z",
      ended_at: "2025-03-04T15:01:20.000Z",
      wpm: expect.any(Number),
      grader: "rubric",
      model: null,
      stages_covered: ["situation", "problem", "implication", "need-payoff"],
    });
    expect(Object.keys(res.json.feedback).sort()).toEqual([
      "areas_for_improvement",
      "communication_feedback",
      "communication_score",
      "overall_feedback",
      "recommendations",
      "spin_feedback",
      "spin_score",
      "stage_scores",
      "strengths",
    ]);
    expect(res.json.transcript).toHaveLength(discoveryCall.length);
    expect(res.json.transcript[1].questions).toEqual([
      {
        text: expect.stringContaining("walk me through"),
        open: true,
        stage: "situation",
        follow_up: false,
        // Issue 22: counted in the grade's numbers, and which rule or model labelled it.
        counted: true,
        why: expect.stringMatching(/^(?:rule|model)/),
      },
    ]);
    // Issue 11: every learner question in order, with the transcript index of its turn.
    expect(res.json.questions[0]).toEqual({
      turn: 1,
      text: expect.stringContaining("walk me through"),
      stage: "situation",
      open: true,
      follow_up: false,
      act: "situation",
      counted: true,
      why: expect.stringMatching(/^(?:rule|model)/),
    });
    expect(res.json.questions.map((q: { turn: number }) => q.turn)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(res.json.scenario).toEqual({ kind: "sales-discovery", objective: "" });
    expect(res.json.scorecard).toMatchObject({
      pass_mark: 70,
      score: res.json.conversation_score,
      passed: res.json.conversation_score >= 70,
    });
    for (const c of res.json.scorecard.criteria) {
      expect(Object.keys(c)).toEqual(
        expect.arrayContaining(["id", "label", "weight", "score", "passed", "evidence", "better_line"]),
      );
    }
    expect(res.json.metrics.talk_ratio).toBeCloseTo(0.49);
  });

  it("lets the organisation's admins and developers read it", async () => {
    expect((await get(id, admin.token)).status).toBe(200);
    expect((await get(id, dev.token)).status).toBe(200);
  });

  it("answers 404 to everyone else, the same as for an unknown id", async () => {
    for (const who of [peer, outsider, otherAdmin]) {
      const res = await get(id, who.token);
      expect(res.status).toBe(404);
      expect(res.json.detail).toBe("Conversation not found");
    }
    expect((await get("00000000-0000-4000-8000-000000000000", owner.token)).json.detail).toBe("Conversation not found");
    expect((await get("not-a-uuid", owner.token)).status).toBe(404);
  });

  it("answers 401 without a token", async () => {
    expect((await get(id)).status).toBe(401);
  });

  it("answers 409 while the conversation is still in progress", async () => {
    const active = await endedConversation(owner.id, null, discoveryCall.slice(0, 2), "active");
    const res = await get(active, owner.token);
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe("The conversation is still in progress");
  });

  it("grades a conversation without learner turns as 0, with an explanation", async () => {
    const silent = await endedConversation(owner.id, null, [["persona", "Hello, who is this?", 3]]);
    await drainGrades();
    const res = await get(silent, owner.token);
    expect(res.status).toBe(200);
    expect(res.json.conversation_score).toBe(0);
    expect(res.json.grade_state).toBe("too_little_to_grade");
    expect(res.json.feedback.overall_feedback).toMatch(/ended before you said anything/);
  });

  it("reports a failed grade with its reason, and retries it for the owner or an admin", async () => {
    const db = await getDb();
    const failed = await endedConversation(owner.id, null);
    await db
      .update(grades)
      .set({ status: "failed", error: "The model timed out", attempts: 3 })
      .where(eq(grades.conversation_id, failed));
    const res = await get(failed, owner.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "failed", conversation_id: failed, error: "The model timed out", attempts: 3 });

    expect(
      (await call(retry, { method: "POST", token: outsider.token, params: { conversationId: failed } })).status,
    ).toBe(404);
    const again = await call(retry, { method: "POST", token: owner.token, params: { conversationId: failed } });
    expect(again.status).toBe(202);
    expect(again.json).toEqual({ status: "pending" });
    await drainGrades();
    expect((await get(failed, owner.token)).json.status).toBe("graded");

    const twice = await call(retry, { method: "POST", token: owner.token, params: { conversationId: failed } });
    expect(twice.status).toBe(409);
    expect(twice.json.detail).toBe("This conversation is already graded");
  });

  it("never makes two grades: enqueueing and grading again change nothing", async () => {
    const db = await getDb();
    const [before] = await db.select().from(grades).where(eq(grades.conversation_id, id));
    await enqueueGrade(db, id);
    expect(await drainGrades()).toBe(0);
    const rows = await db.select().from(grades).where(eq(grades.conversation_id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(before);
  });
});
