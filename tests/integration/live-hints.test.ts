import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as endRoute } from "@/app/api/protected/conversations/[conversationId]/end/route";
import { GET as hintRoute } from "@/app/api/protected/conversations/[conversationId]/hint/route";
import { POST as sendMessage } from "@/app/api/protected/conversations/[conversationId]/messages/route";
import { GET as conversationRoute } from "@/app/api/protected/conversations/[conversationId]/route";
import { GET as gradeApi } from "@/app/api/protected/grades/[conversationId]/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { POST as createRoleplay } from "@/app/api/protected/roleplay/create/route";
import { PUT as editRoleplay } from "@/app/api/protected/roleplay/edit/[roleplayId]/route";
import { GET as selectRoleplay } from "@/app/api/protected/roleplay/select/[roleplayId]/route";
import { getDb } from "@/db";
import { assignmentGroups, assignments, conversationTurns, grades, roleplays } from "@/db/schema";
import { drainGrades } from "@/lib/grading/worker";

import { startAnthropicStub } from "../helpers/anthropic-stub";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const SITUATION_HINT = "That was a situation question; what problem might sit behind it?";
const persona = {
  name: "Dana",
  role: "Controller",
  situation: "Closes the books by hand",
  background: "Ten years in finance",
  pain_points: ["Month end takes eight days"],
  goals: ["Close in three days"],
};
const body = (liveHints?: boolean) => ({
  name: "Month-end discovery",
  description: "Discovery with a controller",
  is_public: true,
  assigned_groups: [],
  schema_data: { persona },
  ...(liveHints === undefined ? {} : { live_hints: liveHints }),
});

let org: Awaited<ReturnType<typeof createOrg>>;
let admin: Awaited<ReturnType<typeof createUser>>;

async function roleplayWith(liveHints: boolean | undefined) {
  const res = await call(createRoleplay, { method: "POST", token: admin.token, body: body(liveHints) });
  expect(res.status).toBe(201);
  return res.json.id as string;
}
async function learnerIn(groupIndex = 0) {
  const learner = await createUser({ name: "Lee Learner" });
  await addMember({ userId: learner.id, orgId: org.id, groupIds: [org.groups[groupIndex].id] });
  return learner;
}
async function startCall(token: string, roleplayId: string) {
  const room = await call(requestroom, { body: { schema_id: roleplayId }, token });
  expect(room.status).toBe(200);
  return room.json.conversation_id as string;
}
const say = (token: string, conversationId: string, text: string) =>
  call(sendMessage, { body: { text }, token, params: { conversationId } });
async function assign(roleplayId: string, opts: { dueInDays: number; groupIndex?: number }) {
  const db = await getDb();
  const [a] = await db
    .insert(assignments)
    .values({
      organization_id: org.id,
      schema_id: roleplayId,
      due_at: new Date(Date.now() + opts.dueInDays * 86_400_000),
      pass_mark: 70,
      created_by: admin.id,
      created_at: new Date(Date.now() - 60_000),
    })
    .returning();
  if (opts.groupIndex !== undefined)
    await db.insert(assignmentGroups).values({ assignment_id: a.id, group_id: org.groups[opts.groupIndex].id });
  return a;
}

beforeAll(async () => {
  org = await createOrg({ name: "Hints Org", groups: ["Cohort A", "Cohort B"] });
  admin = await createUser({ name: "Ada Admin" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
});

describe("the roleplay setting", () => {
  it("is off by default, stored when set, kept by an edit that omits it, and answered by the API", async () => {
    const db = await getDb();
    const off = await roleplayWith(undefined);
    const on = await roleplayWith(true);
    const stored = async (id: string) =>
      (await db.select({ v: roleplays.live_hints }).from(roleplays).where(eq(roleplays.id, id)))[0].v;
    expect([await stored(off), await stored(on)]).toEqual([false, true]);

    await call(editRoleplay, { method: "PUT", token: admin.token, params: { roleplayId: on }, body: body() });
    expect(await stored(on)).toBe(true);
    const read = await call(selectRoleplay, { token: admin.token, params: { roleplayId: on } });
    expect(read.json.live_hints).toBe(true);

    await call(editRoleplay, { method: "PUT", token: admin.token, params: { roleplayId: on }, body: body(false) });
    expect(await stored(on)).toBe(false);
  });

  it("refuses a value that is not true or false", async () => {
    const res = await call(createRoleplay, {
      method: "POST",
      token: admin.token,
      body: { ...body(), live_hints: "yes" },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toMatch(/live_hints must be true or false/);
  });
});

describe("hints after a learner's turn", () => {
  it("come with the turn's answer when the roleplay shows them; every existing field is unchanged", async () => {
    const roleplayId = await roleplayWith(true);
    const learner = await learnerIn();
    const id = await startCall(learner.token, roleplayId);
    const res = await say(learner.token, id, "um so how many people are in your team right now?");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(
      expect.arrayContaining(["reply", "offline", "learner_turn", "persona_turn", "hint"]),
    );
    expect(res.json.hint).toMatchObject({ id: "situation", text: SITUATION_HINT });

    const view = await call(conversationRoute, { token: learner.token, params: { conversationId: id } });
    expect(view.json.live_hints).toEqual({ enabled: true, reason: "on" });
    expect(view.json.hint).toMatchObject({ id: "situation" });

    // The voice call's endpoint reads the same hint from the stored transcript; nobody else's call.
    const voice = await call(hintRoute, { token: learner.token, params: { conversationId: id } });
    expect(voice.json).toMatchObject({ enabled: true, hint: { id: "situation" } });
    const other = await call(hintRoute, { token: admin.token, params: { conversationId: id } });
    expect(other.status).toBe(404);
  });

  it("are not shown for a roleplay that has them off", async () => {
    const roleplayId = await roleplayWith(false);
    const learner = await learnerIn();
    const id = await startCall(learner.token, roleplayId);
    const res = await say(learner.token, id, "how many people are in your team right now?");
    expect(res.json.hint).toBeNull();
    const view = await call(conversationRoute, { token: learner.token, params: { conversationId: id } });
    expect(view.json.live_hints).toEqual({ enabled: false, reason: "off" });
  });

  it("are always off while an open assignment assesses the call", async () => {
    const roleplayId = await roleplayWith(true);
    const learner = await learnerIn(0);
    await assign(roleplayId, { dueInDays: 7, groupIndex: 0 });
    const id = await startCall(learner.token, roleplayId);
    const res = await say(learner.token, id, "how many people are in your team right now?");
    expect(res.status).toBe(200);
    expect(res.json.hint).toBeNull();
    const view = await call(conversationRoute, { token: learner.token, params: { conversationId: id } });
    expect(view.json.live_hints).toEqual({ enabled: false, reason: "assessed" });
    const voice = await call(hintRoute, { token: learner.token, params: { conversationId: id } });
    expect(voice.json).toEqual({ enabled: false, reason: "assessed", hint: null });
  });

  it("stay on when the assignment is for another group, or already past its due date", async () => {
    const roleplayId = await roleplayWith(true);
    await assign(roleplayId, { dueInDays: 7, groupIndex: 1 });
    await assign(roleplayId, { dueInDays: -1 });
    const learner = await learnerIn(0);
    const id = await startCall(learner.token, roleplayId);
    const res = await say(learner.token, id, "how many people are in your team right now?");
    expect(res.json.hint).toMatchObject({ id: "situation" });
  });

  it("are never stored, never sent to the model, and never part of the grade", async () => {
    const stub = await startAnthropicStub(() => ({ text: "We have six people in finance." }));
    process.env.ANTHROPIC_API_KEY = "test-key";
    process.env.ANTHROPIC_BASE_URL = stub.url;
    try {
      const roleplayId = await roleplayWith(true);
      const learner = await learnerIn();
      const id = await startCall(learner.token, roleplayId);
      const first = await say(learner.token, id, "how many people are in your team right now?");
      expect(first.json.hint?.text).toBeTruthy();
      await say(learner.token, id, "What frustrates you most about month end?");
      const sent = JSON.stringify(stub.requests);
      expect(sent).not.toContain(first.json.hint.text);
      expect(sent).not.toMatch(/situation question|what problem might sit/i);

      const db = await getDb();
      const turns = await db.select().from(conversationTurns).where(eq(conversationTurns.conversation_id, id));
      expect(turns.map((t) => t.text).join(" ")).not.toContain(first.json.hint.text);

      delete process.env.ANTHROPIC_API_KEY; // the rubric grades: deterministic and offline
      await call(endRoute, { method: "POST", token: learner.token, params: { conversationId: id } });
      await drainGrades();
      const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, id));
      expect(grade.status).toBe("graded");
      const shown = await call(gradeApi, { token: learner.token, params: { conversationId: id } });
      expect(JSON.stringify(shown.json)).not.toContain(first.json.hint.text);
      expect(JSON.stringify(shown.json)).not.toMatch(/"hint"/);
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
      delete process.env.ANTHROPIC_BASE_URL;
      await stub.close();
    }
  });
});

afterAll(() => {
  delete process.env.ANTHROPIC_API_KEY;
});
