import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { POST as endCall } from "@/app/api/protected/conversations/[conversationId]/end/route";
import { POST as sendMessage } from "@/app/api/protected/conversations/[conversationId]/messages/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { getDb } from "@/db";
import { listTurns } from "@/db/queries/conversations";
import { conversations, conversationTurns, grades, roleplays } from "@/db/schema";
import { MAX_TURNS_PER_CONVERSATION } from "@/lib/validations/conversation";
import { personaSchema } from "@/lib/validations/persona";

import { startAnthropicStub } from "../helpers/anthropic-stub";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const persona = personaSchema.parse({
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two regional warehouses.",
  background: "Twelve years in logistics.",
  pain_points: ["Orders miss the carrier cut-off at peak"],
  goals: ["Ship same day"],
});

let roleplayId: string;
let orgId: string;

beforeAll(async () => {
  const org = await createOrg({ name: "Conversation Org" });
  orgId = org.id;
  const [row] = await (
    await getDb()
  )
    .insert(roleplays)
    .values({ organization_id: org.id, name: "Discovery", description: "d", is_public: true, persona })
    .returning();
  roleplayId = row.id;
});

async function startCall() {
  const user = await createUser({ name: "Maya" });
  await addMember({ userId: user.id, orgId });
  const room = await call(requestroom, { body: { schema_id: roleplayId }, token: user.token });
  expect(room.status).toBe(200);
  const params = { conversationId: room.json.conversation_id as string };
  const say = (text: unknown) => call(sendMessage, { body: { text }, token: user.token, params });
  const end = (token = user.token) => call(endCall, { method: "POST", token, params });
  return { user, params, say, end, id: params.conversationId };
}

afterEach(() => {
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
});

describe("POST /api/protected/conversations/{id}/messages", () => {
  it("stores the learner turn and the offline persona's reply, in order", async () => {
    const { say, id } = await startCall();
    const first = await say("  Hi Dana!  ");
    expect(first.status).toBe(200);
    expect(first.json.offline).toBe(true);
    expect(first.json.reply).toMatch(/Dana/);
    const second = await say("How do orders flow through your warehouses?");
    expect(second.json.reply).toContain("I run two regional warehouses");
    const turns = await listTurns(await getDb(), id);
    expect(turns.map((t) => [t.seq, t.speaker, t.source])).toEqual([
      [1, "learner", "text"],
      [2, "persona", "text"],
      [3, "learner", "text"],
      [4, "persona", "text"],
    ]);
    expect(turns[0].text).toBe("Hi Dana!");
    expect(second.json.persona_turn).toMatchObject({ seq: 4, speaker: "persona" });
  });

  it("answers with Claude when a key is set, sending the persona prompt and the transcript", async () => {
    const stub = await startAnthropicStub(() => ({ text: "Who gave you my number?" }));
    try {
      Object.assign(process.env, { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: stub.url });
      const { say } = await startCall();
      const res = await say("Hello, is this Dana?");
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ reply: "Who gave you my number?", offline: false });
      const request = stub.requests[0];
      expect(String(request.system)).toContain("You are Dana Whitfield, Head of Operations");
      expect(request.messages).toEqual([{ role: "user", content: "Hello, is this Dana?" }]);
    } finally {
      await stub.close();
    }
  });

  it("lets the offline persona take the turn, labelled, when the model fails, keeping the learner's message", async () => {
    const stub = await startAnthropicStub(() => ({
      status: 500,
      body: { type: "error", error: { type: "api_error", message: "boom" } },
    }));
    try {
      Object.assign(process.env, { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: stub.url });
      const { say, id } = await startCall();
      const res = await say("Hello?");
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        offline: true,
        offline_notice: "The AI persona could not answer, so the offline persona answered this turn.",
        persona_turn: { speaker: "persona", offline: true },
      });
      const turns = await listTurns(await getDb(), id);
      expect(turns.map((t) => t.speaker)).toEqual(["learner", "persona"]);
    } finally {
      await stub.close();
    }
  });

  it("refuses blank, missing and overlong text", async () => {
    const { say } = await startCall();
    expect((await say("   ")).status).toBe(422);
    expect((await say(undefined)).status).toBe(422);
    expect((await say("x".repeat(2001))).status).toBe(422);
    expect((await say("x".repeat(2000))).status).toBe(200);
  });

  it("answers 404 to other users and unknown ids", async () => {
    const { params } = await startCall();
    const other = await createUser();
    expect((await call(sendMessage, { body: { text: "hi" }, token: other.token, params })).status).toBe(404);
    expect((await call(endCall, { method: "POST", token: other.token, params })).status).toBe(404);
    const unknown = { conversationId: crypto.randomUUID() };
    expect((await call(sendMessage, { body: { text: "hi" }, token: other.token, params: unknown })).status).toBe(404);
    expect(
      (await call(sendMessage, { body: { text: "hi" }, token: other.token, params: { conversationId: "x" } })).status,
    ).toBe(404);
  });

  it("stops at the turn limit with 409", async () => {
    const { say, id } = await startCall();
    const db = await getDb();
    await db.insert(conversationTurns).values(
      Array.from({ length: MAX_TURNS_PER_CONVERSATION }, (_, i) => ({
        conversation_id: id,
        seq: i + 1,
        speaker: i % 2 ? ("persona" as const) : ("learner" as const),
        text: "t",
      })),
    );
    const res = await say("One more?");
    expect(res.status).toBe(409);
    expect(res.json.detail).toMatch(/limit/);
  });
});

describe("POST /api/protected/conversations/{id}/end", () => {
  it("ends the conversation once, queues one grade (the grader may already be at it), and takes no more messages", async () => {
    const { say, end, id } = await startCall();
    await say("Hello");
    const first = await end();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ conversation_id: id, status: "ended" });
    const db = await getDb();
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
    expect(row.ended_at).toBeInstanceOf(Date);

    const again = await end();
    expect(again.status).toBe(200);
    expect(again.json.ended_at).toBe(first.json.ended_at);
    const queued = await db.select().from(grades).where(eq(grades.conversation_id, id));
    expect(queued).toHaveLength(1);

    const late = await say("Wait, one more thing");
    expect(late.status).toBe(409);
    expect(late.json.detail).toBe("This conversation has ended");
  });

  it("is harmless when ended in parallel", async () => {
    const { end, id } = await startCall();
    const results = await Promise.all([end(), end(), end()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id))).toHaveLength(1);
  });
});
