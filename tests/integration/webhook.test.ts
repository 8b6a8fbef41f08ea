import { createHash } from "node:crypto";

import { eq } from "drizzle-orm";
import { AccessToken } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as webhook } from "@/app/api/livekit/webhook/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { getDb } from "@/db";
import { conversations, grades, roleplays } from "@/db/schema";
import { personaSchema } from "@/lib/validations/persona";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const KEY = "devkey";
const SECRET = "a-secret-that-is-long-enough-0123456789";

/** Signs a body the way LiveKit does: a JWT from the API key whose sha256 claim is the body's hash. */
async function sign(body: string, secret = SECRET) {
  const token = new AccessToken(KEY, secret);
  token.sha256 = createHash("sha256").update(body).digest("base64");
  return token.toJwt();
}

const roomFinished = (room: string) =>
  JSON.stringify({
    event: "room_finished",
    id: "EV_1",
    createdAt: String(Math.floor(Date.now() / 1000)),
    room: { sid: "RM_1", name: room },
  });

const post = (body: string, authorization?: string) =>
  call(webhook, {
    body,
    headers: { "content-type": "application/webhook+json", ...(authorization ? { authorization } : {}) },
  });

let conversationId: string;

beforeAll(async () => {
  Object.assign(process.env, { LIVEKIT_URL: "wss://media.example", LIVEKIT_API_KEY: KEY, LIVEKIT_API_SECRET: SECRET });
  const org = await createOrg();
  const persona = personaSchema.parse({
    name: "P",
    role: "R",
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
  conversationId = room.json.conversation_id;
});

afterAll(() => {
  delete process.env.LIVEKIT_URL;
  delete process.env.LIVEKIT_API_KEY;
  delete process.env.LIVEKIT_API_SECRET;
});

const statusOf = async () =>
  (await (await getDb()).select().from(conversations).where(eq(conversations.id, conversationId)))[0].status;

describe("POST /api/livekit/webhook", () => {
  it("refuses unsigned, forged and tampered payloads with 401", async () => {
    const body = roomFinished(`parley-${conversationId}`);
    expect((await post(body)).status).toBe(401);
    expect((await post(body, await sign(body, "not-the-secret-not-the-secret-0000"))).status).toBe(401);
    const tampered = await post(roomFinished(`parley-${conversationId}`).replace("RM_1", "RM_2"), await sign(body));
    expect(tampered.status).toBe(401);
    expect(await statusOf()).toBe("active");
  });

  it("ignores other events and rooms that are not ours", async () => {
    const joined = JSON.stringify({ event: "participant_joined", room: { name: `parley-${conversationId}` } });
    expect((await post(joined, await sign(joined))).json).toMatchObject({ ended: false });
    const foreign = roomFinished("standup-room");
    expect((await post(foreign, await sign(foreign))).json).toMatchObject({ ended: false });
    const unknown = roomFinished(`parley-${crypto.randomUUID()}`);
    expect((await post(unknown, await sign(unknown))).status).toBe(200);
    expect(await statusOf()).toBe("active");
  });

  it("ends the conversation on room_finished, and a repeat is harmless", async () => {
    const body = roomFinished(`parley-${conversationId}`);
    const first = await post(body, await sign(body));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ received: "room_finished", ended: true });
    expect(await statusOf()).toBe("ended");
    expect((await post(body, await sign(body))).status).toBe(200);
    expect(await (await getDb()).select().from(grades).where(eq(grades.conversation_id, conversationId))).toHaveLength(
      1,
    );
  });

  it("answers 503 when LiveKit is not configured", async () => {
    const saved = process.env.LIVEKIT_API_SECRET;
    delete process.env.LIVEKIT_API_SECRET;
    const body = roomFinished(`parley-${conversationId}`);
    expect((await post(body, await sign(body))).status).toBe(503);
    process.env.LIVEKIT_API_SECRET = saved;
  });
});
