import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { POST as personaRoute } from "@/app/api/organization/real-calls/[conversationId]/persona/route";
import { POST as createRealCall } from "@/app/api/protected/real-calls/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { PUT as editRoleplay } from "@/app/api/protected/roleplay/edit/[roleplayId]/route";
import { getDb } from "@/db";
import { roleplays } from "@/db/schema";
import { drainGrades } from "@/lib/grading/worker";
import { PERSONA_NEEDS_MODEL } from "@/lib/real-calls/persona";

import { startAnthropicStub, type StubReply } from "../helpers/anthropic-stub";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeConversation, makeRoleplay } from "./matrix/world";

const CALL = [
  "Sam: How does month end work for you today?",
  "Dana Ortiz: We close by hand in spreadsheets, it takes eight days and my team hates it.",
  "Sam: What happens when it runs late?",
  "Dana Ortiz: The board gets the numbers late and the CFO asks me why. I worry about audit findings.",
].join("\n");
const generated = {
  name: "Dana Ortiz",
  role: "Controller",
  situation: "Closes the books by hand in spreadsheets",
  background: "Leads a finance team",
  pain_points: ["Eight-day close", "Late board reports"],
  goals: ["Close faster"],
};

let reply: StubReply = { tool: { name: "persona", input: generated } };
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let learner: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let otherAdmin: Awaited<ReturnType<typeof createUser>>;
let callId: string;
let roleplayId: string;

const roleplayCount = async () =>
  Number((await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(roleplays))[0].n);
const makePersona = (token: string, conversationId = callId) =>
  call(personaRoute, { method: "POST", token, params: { conversationId } });
const online = () => {
  process.env.ANTHROPIC_API_KEY = "test-key";
  process.env.ANTHROPIC_BASE_URL = stub.url;
};

beforeAll(async () => {
  stub = await startAnthropicStub(() => reply);
  org = await createOrg({ name: "Persona Org" });
  const other = await createOrg({ name: "Elsewhere" });
  learner = await createUser({ name: "Sam" });
  admin = await createUser({ name: "Ada" });
  otherAdmin = await createUser({ name: "Otto" });
  await addMember({ userId: learner.id, orgId: org.id });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
  roleplayId = (await makeRoleplay(org.id)).id;
  const res = await call(createRealCall, {
    method: "POST",
    token: learner.token,
    body: { content: CALL, learner_label: "Sam", roleplay_id: roleplayId },
  });
  callId = res.json.conversation_id;
  await drainGrades(); // graded offline now, so no grading run asks the stand-in model later
});
afterAll(() => stub.close());
afterEach(() => {
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
});

describe("make a practice persona from a real call", () => {
  it("without a model: a 503 that says why, and nothing is made", async () => {
    const before = await roleplayCount();
    const res = await makePersona(admin.token);
    expect(res.status).toBe(503);
    expect(res.json.detail).toBe(PERSONA_NEEDS_MODEL);
    expect(await roleplayCount()).toBe(before);
  });

  it("an admin gets an inactive, private draft built from the buyer's side only", async () => {
    online();
    reply = { tool: { name: "persona", input: generated } };
    const res = await makePersona(admin.token);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ name: "Dana Ortiz (from a real call)", is_active: false });
    expect(res.json.edit_url).toBe(`/workspace/edit/${res.json.roleplay_id}`);

    const asked = stub.requests.filter((r) => r.tools?.[0]?.name === "persona");
    const sent = JSON.stringify(asked.at(-1)!.messages);
    expect(sent).toContain("it takes eight days and my team hates it");
    expect(sent).not.toContain("What happens when it runs late?"); // the learner's side stays out

    const [draft] = await (await getDb()).select().from(roleplays).where(eq(roleplays.id, res.json.roleplay_id));
    expect(draft).toMatchObject({ organization_id: org.id, is_active: false, is_public: false, live_hints: false });
    expect(draft.persona.pain_points).toEqual(["Eight-day close", "Late board reports"]);

    // Nobody practises the draft until the admin switches it on in the form.
    const room = await call(requestroom, { body: { schema_id: draft.id }, token: learner.token });
    expect(room.status).toBe(404);
    const activate = await call(editRoleplay, {
      method: "PUT",
      token: admin.token,
      params: { roleplayId: draft.id },
      body: {
        name: draft.name,
        description: draft.description,
        is_public: true,
        assigned_groups: [],
        is_active: true,
        schema_data: { persona: draft.persona },
      },
    });
    expect(activate.status).toBe(200);
    expect(activate.json.is_active).toBe(true);
  });

  it("is for the call's organisation's admins only: the learner and other admins get a 404", async () => {
    online();
    const before = await roleplayCount();
    for (const who of [learner, otherAdmin]) {
      const res = await makePersona(who.token);
      expect(res.status).toBe(404);
      expect(res.json.detail).toBe("Conversation not found");
    }
    expect(await roleplayCount()).toBe(before);
  });

  it("a practice call is not a real call: 404", async () => {
    online();
    const practice = await makeConversation(learner.id, org.id, roleplayId, { ended: true });
    const res = await makePersona(admin.token, practice.id);
    expect(res.status).toBe(404);
  });

  it("a failing model is a 502 and nothing is made", async () => {
    online();
    reply = { status: 500, body: { type: "error", error: { type: "api_error", message: "overloaded" } } };
    const before = await roleplayCount();
    const res = await makePersona(admin.token);
    expect(res.status).toBe(502);
    expect(await roleplayCount()).toBe(before);
  });
});
