import { createHash } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { AccessToken } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as postEnd } from "@/app/api/agent/conversations/[conversationId]/end/route";
import { POST as postTurn } from "@/app/api/agent/conversations/[conversationId]/turns/route";
import { POST as webhook } from "@/app/api/livekit/webhook/route";
import { POST as endOwn } from "@/app/api/protected/conversations/[conversationId]/end/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { getDb } from "@/db";
import { appendTurn, listTurns } from "@/db/queries/conversations";
import { claimPendingGrade, type GradeClaim, recordGradeFailure, saveGradeResult } from "@/db/queries/grades";
import { regradeAfterLateTurn } from "@/db/queries/grading-queue";
import { conversations, grades, roleplays } from "@/db/schema";
import { LATE_AGENT_TURN_GRACE_MS, VOICE_GRADE_SETTLE_MS } from "@/lib/conversations/service";
import { gradeConversation } from "@/lib/grading/grade-conversation";
import { drainGrades, stopGradingSweep } from "@/lib/grading/worker";
import { personaSchema } from "@/lib/validations/persona";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const KEY = "devkey";
const LK_SECRET = "a-secret-that-is-long-enough-0123456789";
const AGENT_SECRET = "agent-secret-for-tests-0123456789";
const agent = { authorization: `Bearer ${AGENT_SECRET}` };

let user: { token: string };
let roleplayId: string;

async function voiceCall(): Promise<string> {
  const room = await call(requestroom, { body: { schema_id: roleplayId }, token: user.token });
  expect(room.json.mode).toBe("livekit");
  return room.json.conversation_id;
}

async function roomFinished(conversationId: string) {
  const body = JSON.stringify({
    event: "room_finished",
    id: "EV_1",
    createdAt: String(Math.floor(Date.now() / 1000)),
    room: { sid: "RM_1", name: `parley-${conversationId}` },
  });
  const token = new AccessToken(KEY, LK_SECRET);
  token.sha256 = createHash("sha256").update(body).digest("base64");
  const res = await call(webhook, {
    body,
    headers: { "content-type": "application/webhook+json", authorization: await token.toJwt() },
  });
  expect(res.json).toMatchObject({ ended: true });
}

const turn = (externalId: string, text: string) => ({
  speaker: "persona",
  text,
  started_at: new Date(Date.now() - 2000).toISOString(),
  ended_at: new Date().toISOString(),
  external_id: externalId,
});
const gradeOf = async (id: string) =>
  (await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id)))[0];
const secondsUntilDue = async (id: string) => ((await gradeOf(id)).next_attempt_at.getTime() - Date.now()) / 1000;

beforeAll(async () => {
  Object.assign(process.env, {
    LIVEKIT_URL: "wss://media.example",
    LIVEKIT_API_KEY: KEY,
    LIVEKIT_API_SECRET: LK_SECRET,
    AGENT_SECRET,
  });
  const org = await createOrg();
  const persona = personaSchema.parse({
    name: "Dana",
    role: "Ops",
    situation: "S",
    background: "B",
    pain_points: ["x"],
    goals: ["y"],
  });
  const [roleplay] = await (
    await getDb()
  )
    .insert(roleplays)
    .values({ organization_id: org.id, name: "Call", description: "d", is_public: true, persona })
    .returning();
  roleplayId = roleplay.id;
  const member = await createUser();
  await addMember({ userId: member.id, orgId: org.id });
  user = member;
});

afterAll(() => {
  stopGradingSweep();
  for (const k of ["LIVEKIT_URL", "LIVEKIT_API_KEY", "LIVEKIT_API_SECRET", "AGENT_SECRET"]) delete process.env[k];
});

/** A voice call (one learner line) whose pending grade is due, with nothing grading in the background. */
async function gradeDue() {
  const id = await voiceCall();
  await call(postTurn, {
    body: { ...turn("item_1", "Hi, is this Dana? I'm calling about your warehouse returns."), speaker: "learner" },
    params: { conversationId: id },
    headers: agent,
  });
  expect((await call(endOwn, { method: "POST", params: { conversationId: id }, token: user.token })).status).toBe(200);
  await drainGrades();
  stopGradingSweep();
  const db = await getDb();
  await db
    .update(grades)
    .set({ next_attempt_at: sql`now() - interval '1 second'` })
    .where(eq(grades.conversation_id, id));
  return { id, db };
}

/**
 * A voice call whose grade a worker has leased and whose transcript (one learner line) it has
 * read, with nothing grading in the background: the tests below play the worker themselves.
 */
async function gradeInFlight() {
  const { id, db } = await gradeDue();
  const claim = (await claimPendingGrade(db, 60_000))!;
  expect(claim.conversation_id).toBe(id);
  return { id, db, claim, stale: await gradeConversation(db, id) };
}

describe("the agent's last turns after a voice call has ended", () => {
  it("keeps a turn posted after room_finished ended the conversation, and grading waits for it", async () => {
    const id = await voiceCall();
    await call(postTurn, {
      body: { ...turn("item_1", "Hi, is this Dana?"), speaker: "learner" },
      params: { conversationId: id },
      headers: agent,
    });
    await roomFinished(id);
    // Not the agent's own end: the grade waits a few seconds for turns still in flight.
    expect(await secondsUntilDue(id)).toBeGreaterThan(VOICE_GRADE_SETTLE_MS / 1000 - 5);

    const late = await call(postTurn, {
      body: turn("item_2", "Speaking. Who's calling?"),
      params: { conversationId: id },
      headers: agent,
    });
    expect(late.status).toBe(200);
    expect(late.json.stored).toBe(true);
    expect((await listTurns(await getDb(), id)).map((t) => t.text)).toEqual([
      "Hi, is this Dana?",
      "Speaking. Who's calling?",
    ]);

    // The agent's end afterwards says it has sent everything: the grade is due now.
    expect((await call(postEnd, { method: "POST", params: { conversationId: id }, headers: agent })).status).toBe(200);
    expect(await secondsUntilDue(id)).toBeLessThanOrEqual(1);
  });

  it("re-grades when a late turn arrives after the grade was written", async () => {
    const id = await voiceCall();
    expect((await call(endOwn, { method: "POST", params: { conversationId: id }, token: user.token })).status).toBe(
      200,
    );
    const db = await getDb();
    const before = new Date(Date.now() - 60_000);
    await db
      .update(grades)
      .set({ status: "graded", score: 40, attempts: 3, graded_at: before, next_attempt_at: before })
      .where(eq(grades.conversation_id, id));

    const late = await call(postTurn, {
      body: turn("item_9", "Before you go, send me that case study."),
      params: { conversationId: id },
      headers: agent,
    });
    expect(late.json.stored).toBe(true);
    await drainGrades();
    // Graded again, from a fresh set of attempts, with the late turn in the transcript it read.
    const regraded = await gradeOf(id);
    expect(regraded.status).toBe("graded");
    expect(regraded.attempts).toBe(1);
    expect(regraded.graded_at!.getTime()).toBeGreaterThan(before.getTime());
    // A retry of the same turn changes nothing.
    expect(
      (
        await call(postTurn, {
          body: turn("item_9", "Before you go, send me that case study."),
          params: { conversationId: id },
          headers: agent,
        })
      ).json.stored,
    ).toBe(false);
  });

  it("does not lose a late turn that arrives while the grade is being written", async () => {
    // The worker leases the grade and reads the transcript: the learner's line only.
    const { id, db, claim, stale } = await gradeInFlight();
    expect(stale.metrics.talk_share_words).toBe(1);

    // The agent's last turn lands before the worker writes.
    const late = await call(postTurn, {
      body: turn("item_2", "Speaking. Returns are a mess right now, to be honest."),
      params: { conversationId: id },
      headers: agent,
    });
    expect(late.json.stored).toBe(true);

    // The stale result is refused, and so is a failure of that attempt; the grade is due again.
    expect(await saveGradeResult(db, claim, stale)).toBe(false);
    await recordGradeFailure(db, claim, "The model timed out", null);
    expect((await gradeOf(id)).status).not.toBe("failed");

    await drainGrades();
    const graded = await gradeOf(id);
    expect(graded.status).toBe("graded");
    expect(graded.metrics!.talk_share_words).toBeLessThan(1);
    expect(graded.metrics!.persona_seconds).toBeGreaterThan(0);
  });

  // Two connections at once: PostgreSQL only (PGlite has one). The worker's write is not yet
  // committed when the late turn arrives; the turn waits on the grade's row and then re-queues it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "re-queues the grade when the late turn arrives while the result is being committed",
    async () => {
      const { id, db, claim, stale } = await gradeInFlight();

      let late: Promise<Awaited<ReturnType<typeof call>>> | undefined;
      await db.transaction(async (tx) => {
        expect(await saveGradeResult(tx, claim, stale)).toBe(true);
        late = call(postTurn, {
          body: turn("item_2", "Speaking. Returns are a mess right now, to be honest."),
          params: { conversationId: id },
          headers: agent,
        });
        await new Promise((r) => setTimeout(r, 300)); // the turn is stored and waits for the grade's row
      });
      expect((await late!).json.stored).toBe(true);

      await drainGrades();
      const graded = await gradeOf(id);
      expect(graded.status).toBe("graded");
      expect(graded.attempts).toBe(1);
      expect(graded.metrics!.talk_share_words).toBeLessThan(1);
    },
  );

  // The other order: the late turn's transaction is still open when a worker claims the grade and
  // reads the transcript (read committed: without the turn). The turn's transaction holds the grade's
  // row, so the claim skips it; before the version token the claim won and its stale grade was kept.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "never keeps a grade read while a late turn was still being stored",
    async () => {
      const { id, db } = await gradeDue();
      const worker: { claim?: GradeClaim | null; stale?: Awaited<ReturnType<typeof gradeConversation>> } = {};
      await db.transaction(async (tx) => {
        await appendTurn(tx, {
          conversationId: id,
          speaker: "persona",
          text: "Speaking. Returns are a mess right now, to be honest.",
          source: "voice",
          externalId: "item_2",
        });
        await regradeAfterLateTurn(tx, id);
        // Meanwhile a worker, on another connection, looks for due grades.
        worker.claim = await claimPendingGrade(db, 60_000);
        if (worker.claim) worker.stale = await gradeConversation(db, id);
      });
      if (worker.claim && worker.stale) await saveGradeResult(db, worker.claim, worker.stale);

      await drainGrades();
      const graded = await gradeOf(id);
      expect(graded.status).toBe("graded");
      expect(graded.metrics!.persona_seconds).toBeGreaterThan(0);
      expect(graded.metrics!.talk_share_words).toBeLessThan(1);
    },
  );

  it("still refuses turns once the grace window has passed (409)", async () => {
    const id = await voiceCall();
    await roomFinished(id);
    const db = await getDb();
    await db
      .update(conversations)
      .set({ ended_at: sql`now() - ${LATE_AGENT_TURN_GRACE_MS + 1000}::int * interval '1 millisecond'` })
      .where(eq(conversations.id, id));
    const res = await call(postTurn, {
      body: turn("item_1", "Too late"),
      params: { conversationId: id },
      headers: agent,
    });
    expect(res.status).toBe(409);
  });

  it("grades at once when the agent itself ends the call", async () => {
    const id = await voiceCall();
    expect((await call(postEnd, { method: "POST", params: { conversationId: id }, headers: agent })).status).toBe(200);
    expect(await secondsUntilDue(id)).toBeLessThanOrEqual(1);
  });
});
