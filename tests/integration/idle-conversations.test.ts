import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as join } from "@/app/api/protected/conversations/[conversationId]/join/route";
import { POST as sendMessage } from "@/app/api/protected/conversations/[conversationId]/messages/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { getDb } from "@/db";
import { conversations, creditAccounts, grades, roleplays } from "@/db/schema";
import { sweepIdleConversations } from "@/lib/conversations/idle";
import { stopGradingSweep } from "@/lib/grading/worker";
import { personaSchema } from "@/lib/validations/persona";

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
const minutes = (n: number) => n * 60_000;

let roleplayId: string;
let orgId: string;

beforeAll(async () => {
  stopGradingSweep();
  const org = await createOrg({ name: "Idle Org" });
  orgId = org.id;
  const [row] = await (
    await getDb()
  )
    .insert(roleplays)
    .values({ organization_id: org.id, name: "Discovery", description: "d", is_public: true, persona })
    .returning();
  roleplayId = row.id;
});

async function learnerWithCall(credits = 3) {
  const user = await createUser({ name: "Maya", credits });
  await addMember({ userId: user.id, orgId });
  const room = await call(requestroom, { body: { schema_id: roleplayId }, token: user.token });
  expect(room.status).toBe(200);
  const id = room.json.conversation_id as string;
  return {
    user,
    id,
    say: (text: string) => call(sendMessage, { body: { text }, token: user.token, params: { conversationId: id } }),
  };
}

const creditsUsed = async (userId: string) =>
  (await (await getDb()).select().from(creditAccounts).where(eq(creditAccounts.user_id, userId)))[0].credits_used;
const conversation = async (id: string) =>
  (await (await getDb()).select().from(conversations).where(eq(conversations.id, id)))[0];
const later = (n: number) => new Date(Date.now() + minutes(n));

describe("the idle sweep", () => {
  it("leaves a call alone until it has been idle for CALL_IDLE_MINUTES", async () => {
    const { id } = await learnerWithCall();
    const swept = await sweepIdleConversations({ now: later(9), idleMinutes: 10 });
    expect(swept.abandoned).not.toContain(id);
    expect((await conversation(id)).status).toBe("active");
  });

  it("abandons a silent call and refunds its credit, exactly once under concurrent sweeps", async () => {
    const { user, id } = await learnerWithCall();
    expect(await creditsUsed(user.id)).toBe(1);
    const sweeps = await Promise.all(
      [1, 2, 3, 4].map(() => sweepIdleConversations({ now: later(11), idleMinutes: 10 })),
    );
    expect(sweeps.filter((s) => s.abandoned.includes(id))).toHaveLength(1);
    const row = await conversation(id);
    expect(row.status).toBe("abandoned");
    expect(row.credit_refunded_at).not.toBeNull();
    expect(await creditsUsed(user.id)).toBe(0);
    // A later sweep changes nothing.
    await sweepIdleConversations({ now: later(30), idleMinutes: 10 });
    expect(await creditsUsed(user.id)).toBe(0);
    const graded = await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id));
    expect(graded).toEqual([]);
  });

  it("ends and queues a grade for an idle call where the learner spoke, keeping the credit spent", async () => {
    const { user, id, say } = await learnerWithCall();
    expect((await say("How do orders flow through your warehouses?")).status).toBe(200);
    const swept = await sweepIdleConversations({ now: later(11), idleMinutes: 10 });
    expect(swept.graded).toContain(id);
    const row = await conversation(id);
    expect(row.status).toBe("ended");
    expect(row.credit_refunded_at).toBeNull();
    expect(await creditsUsed(user.id)).toBe(1);
    const [grade] = await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id));
    expect(grade?.conversation_id).toBe(id);
  });

  it("measures idleness from the last turn, not the start", async () => {
    const { id, say } = await learnerWithCall();
    await (
      await getDb()
    )
      .update(conversations)
      .set({ started_at: new Date(Date.now() - minutes(60)) })
      .where(eq(conversations.id, id));
    await say("Hello");
    const swept = await sweepIdleConversations({ now: later(5), idleMinutes: 10 });
    expect([...swept.graded, ...swept.abandoned]).not.toContain(id);
  });
});

describe("Recent Conversations adds up with credits", () => {
  it("lists in-progress, grading and abandoned calls so credits used and conversations listed agree", async () => {
    const { user, id: silent } = await learnerWithCall(5);
    const room2 = await call(requestroom, { body: { schema_id: roleplayId }, token: user.token });
    const talking = room2.json.conversation_id as string;
    await call(sendMessage, {
      body: { text: "Tell me about your warehouses" },
      token: user.token,
      params: { conversationId: talking },
    });
    const room3 = await call(requestroom, { body: { schema_id: roleplayId }, token: user.token });
    const open = room3.json.conversation_id as string;
    await (
      await getDb()
    )
      .update(conversations)
      .set({ started_at: new Date(Date.now() - minutes(30)) })
      .where(eq(conversations.id, silent));

    let { json } = await call(dashboard, { token: user.token });
    expect(json.subscription.credits_used).toBe(3);
    expect(json.conversations).toHaveLength(3);
    expect(json.conversations.every((c: { status: string }) => c.status === "in_progress")).toBe(true);

    await sweepIdleConversations({ now: later(11), idleMinutes: 10 });
    ({ json } = await call(dashboard, { token: user.token }));
    const status = Object.fromEntries(json.conversations.map((c: { id: string; status: string }) => [c.id, c.status]));
    expect(status[silent]).toBe("abandoned");
    expect(["grading", "graded"]).toContain(status[talking]);
    expect(status[open]).toBe("abandoned");
    // Refunded calls are listed but no longer count as used credits.
    const refunded = json.conversations.filter((c: { status: string }) => c.status === "abandoned").length;
    expect(json.subscription.credits_used).toBe(json.conversations.length - refunded);
  });
});

describe("POST /api/protected/conversations/{id}/join", () => {
  it("re-opens an active call without spending a credit, and refuses an ended one", async () => {
    const { user, id } = await learnerWithCall();
    const res = await call(join, { method: "POST", token: user.token, params: { conversationId: id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ conversation_id: id, mode: "local", server_url: null });
    expect(await creditsUsed(user.id)).toBe(1);
    await sweepIdleConversations({ now: later(11), idleMinutes: 10 });
    const again = await call(join, { method: "POST", token: user.token, params: { conversationId: id } });
    expect(again.status).toBe(409);
    const stranger = await createUser();
    expect((await call(join, { method: "POST", token: stranger.token, params: { conversationId: id } })).status).toBe(
      404,
    );
  });
});
