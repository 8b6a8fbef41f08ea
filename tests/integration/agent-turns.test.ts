import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as postEnd } from "@/app/api/agent/conversations/[conversationId]/end/route";
import { GET as getConversation } from "@/app/api/agent/conversations/[conversationId]/route";
import { POST as postTurn } from "@/app/api/agent/conversations/[conversationId]/turns/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { getDb } from "@/db";
import { listTurns } from "@/db/queries/conversations";
import { roleplays } from "@/db/schema";
import { personaSchema } from "@/lib/validations/persona";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const SECRET = "agent-secret-for-tests-0123456789";
const auth = (secret = SECRET) => ({ authorization: `Bearer ${secret}` });
let params: { conversationId: string };

const turn = (over: Record<string, unknown> = {}) => ({
  speaker: "learner",
  text: "Hello there",
  started_at: "2026-01-01T10:00:00.000Z",
  ended_at: "2026-01-01T10:00:02.500Z",
  external_id: "item_1",
  ...over,
});

beforeAll(async () => {
  process.env.AGENT_SECRET = SECRET;
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
  const user = await createUser();
  await addMember({ userId: user.id, orgId: org.id });
  const room = await call(requestroom, { body: { schema_id: roleplay.id }, token: user.token });
  params = { conversationId: room.json.conversation_id };
});

afterAll(() => {
  delete process.env.AGENT_SECRET;
});

describe("agent endpoints", () => {
  it("refuse a missing or wrong secret with 401, and a user's session token too", async () => {
    expect((await call(getConversation, { params })).status).toBe(401);
    expect((await call(getConversation, { params, headers: auth("wrong") })).status).toBe(401);
    expect((await call(postTurn, { body: turn(), params, headers: auth(SECRET + "x") })).status).toBe(401);
    const user = await createUser();
    expect((await call(postEnd, { method: "POST", params, token: user.token })).status).toBe(401);
  });

  it("answer 503 when AGENT_SECRET is unset", async () => {
    delete process.env.AGENT_SECRET;
    expect((await call(getConversation, { params, headers: auth() })).status).toBe(503);
    process.env.AGENT_SECRET = SECRET;
  });

  it("give the agent the persona snapshot", async () => {
    const res = await call(getConversation, { params, headers: auth() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      conversation_id: params.conversationId,
      status: "active",
      persona: { name: "Dana" },
      turns: [],
    });
    expect(
      (await call(getConversation, { params: { conversationId: crypto.randomUUID() }, headers: auth() })).status,
    ).toBe(404);
  });

  it("store voice turns with their timings, once per external id", async () => {
    const first = await call(postTurn, { body: turn(), params, headers: auth() });
    expect(first.status).toBe(200);
    expect(first.json.stored).toBe(true);
    const retry = await call(postTurn, { body: turn(), params, headers: auth() });
    expect(retry.json.stored).toBe(false);
    await call(postTurn, {
      body: turn({
        speaker: "persona",
        text: "Who is this?",
        external_id: "item_2",
        started_at: "2026-01-01T10:00:03Z",
        ended_at: "2026-01-01T10:00:04Z",
      }),
      params,
      headers: auth(),
    });
    const turns = await listTurns(await getDb(), params.conversationId);
    expect(turns.map((t) => [t.seq, t.speaker, t.text, t.source])).toEqual([
      [1, "learner", "Hello there", "voice"],
      [2, "persona", "Who is this?", "voice"],
    ]);
    expect(turns[0].started_at.toISOString()).toBe("2026-01-01T10:00:00.000Z");
    expect(turns[0].ended_at.toISOString()).toBe("2026-01-01T10:00:02.500Z");
  });

  it("validate turns", async () => {
    for (const bad of [
      turn({ text: " " }),
      turn({ speaker: "narrator" }),
      turn({ started_at: "yesterday" }),
      turn({ ended_at: "2025-12-31T00:00:00Z" }),
    ]) {
      expect((await call(postTurn, { body: bad, params, headers: auth() })).status).toBe(422);
    }
  });

  it("end the conversation (twice is harmless); later turns get 409", async () => {
    const first = await call(postEnd, { method: "POST", params, headers: auth() });
    expect(first.status).toBe(200);
    expect(first.json.status).toBe("ended");
    expect((await call(postEnd, { method: "POST", params, headers: auth() })).status).toBe(200);
    expect((await call(postTurn, { body: turn({ external_id: "item_3" }), params, headers: auth() })).status).toBe(409);
  });
});
