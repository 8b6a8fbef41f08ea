import { eq } from "drizzle-orm";
import { TokenVerifier } from "livekit-server-sdk";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { getDb } from "@/db";
import { conversations, creditAccounts, roleplayGroups, roleplays } from "@/db/schema";
import { personaSchema } from "@/lib/validations/persona";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const persona = personaSchema.parse({
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two warehouses.",
  background: "Twelve years in logistics.",
  pain_points: ["Orders miss the cut-off"],
  goals: ["Ship same day"],
});

async function createRoleplay(
  orgId: string,
  opts: { name: string; isPublic: boolean; groupIds?: string[]; active?: boolean },
) {
  const db = await getDb();
  const [row] = await db
    .insert(roleplays)
    .values({
      organization_id: orgId,
      name: opts.name,
      description: "d",
      is_public: opts.isPublic,
      is_active: opts.active ?? true,
      persona,
    })
    .returning();
  for (const groupId of opts.groupIds ?? [])
    await db.insert(roleplayGroups).values({ schema_id: row.id, group_id: groupId });
  return row;
}

async function credits(userId: string) {
  const [row] = await (await getDb()).select().from(creditAccounts).where(eq(creditAccounts.user_id, userId));
  return row;
}

const countFor = async (userId: string) =>
  (await (await getDb()).select().from(conversations).where(eq(conversations.user_id, userId))).length;

let org: Awaited<ReturnType<typeof createOrg>>;
let publicRoleplay: { id: string };
let cohortB: { id: string };

beforeAll(async () => {
  org = await createOrg({ name: "Room Org", groups: ["A", "B"] });
  publicRoleplay = await createRoleplay(org.id, { name: "Public call", isPublic: true });
  cohortB = await createRoleplay(org.id, { name: "Cohort B only", isPublic: false, groupIds: [org.groups[1].id] });
});

async function member(credits = 50) {
  const user = await createUser({ name: "Maya Member", credits });
  await addMember({ userId: user.id, orgId: org.id, groupIds: [org.groups[0].id] });
  return user;
}

describe("POST /api/protected/requestroom", () => {
  afterEach(() => {
    delete process.env.LIVEKIT_URL;
    delete process.env.LIVEKIT_API_KEY;
    delete process.env.LIVEKIT_API_SECRET;
  });

  it("starts a local conversation with a snapshot of the schema and spends one credit", async () => {
    const user = await member();
    const res = await call(requestroom, { body: { schema_id: publicRoleplay.id }, token: user.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ mode: "local", server_url: null });
    expect(res.json.token).toEqual(expect.any(String));
    const db = await getDb();
    const [row] = await db.select().from(conversations).where(eq(conversations.id, res.json.conversation_id));
    expect(row).toMatchObject({
      user_id: user.id,
      organization_id: org.id,
      schema_name: "Public call",
      status: "active",
      mode: "local",
      room_name: null,
    });
    expect(row.persona.name).toBe("Dana Whitfield");
    expect(row.started_at).toBeInstanceOf(Date);
    expect((await credits(user.id)).credits_used).toBe(1);
  });

  it("answers 404 for schemas the caller may not see, and spends nothing", async () => {
    const user = await member();
    const outsider = await createUser();
    const inactive = await createRoleplay(org.id, { name: "Paused", isPublic: true, active: false });
    for (const [who, roleplayId] of [
      [user, cohortB.id],
      [outsider, publicRoleplay.id],
      [user, inactive.id],
      [user, crypto.randomUUID()],
    ] as const) {
      const res = await call(requestroom, { body: { schema_id: roleplayId }, token: who.token });
      expect(res.status).toBe(404);
      expect((await credits(who.id)).credits_used).toBe(0);
    }
  });

  it("validates the body and requires a signed-in caller", async () => {
    const user = await member();
    expect((await call(requestroom, { body: { schema_id: "nope" }, token: user.token })).status).toBe(422);
    expect((await call(requestroom, { body: {}, token: user.token })).status).toBe(422);
    expect((await call(requestroom, { body: { schema_id: publicRoleplay.id } })).status).toBe(401);
  });

  it("answers 402 'No credits left' without creating a conversation", async () => {
    const user = await member(0);
    const res = await call(requestroom, { body: { schema_id: publicRoleplay.id }, token: user.token });
    expect(res.status).toBe(402);
    expect(res.json.detail).toBe("No credits left");
    expect(await countFor(user.id)).toBe(0);
  });

  it("starts exactly five of twenty parallel requests with five credits left", async () => {
    const user = await member(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(requestroom, { body: { schema_id: publicRoleplay.id }, token: user.token }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await countFor(user.id)).toBe(5);
    expect(await credits(user.id)).toMatchObject({ credits_used: 5, credits_total: 5 });
  });

  it("mints a LiveKit token for a room of its own when LiveKit is configured", async () => {
    Object.assign(process.env, {
      LIVEKIT_URL: "wss://media.example",
      LIVEKIT_API_KEY: "devkey",
      LIVEKIT_API_SECRET: "a-secret-that-is-long-enough-0123456789",
    });
    const user = await member();
    const res = await call(requestroom, { body: { schema_id: publicRoleplay.id }, token: user.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ mode: "livekit", server_url: "wss://media.example" });
    const claims = await new TokenVerifier("devkey", "a-secret-that-is-long-enough-0123456789").verify(res.json.token);
    expect(claims.sub).toBe(user.id);
    expect(claims.video?.room).toBe(`parley-${res.json.conversation_id}`);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(conversations)
      .where(eq(conversations.id, res.json.conversation_id));
    expect(row).toMatchObject({ mode: "livekit", room_name: `parley-${res.json.conversation_id}` });
  });
});
