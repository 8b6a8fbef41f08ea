import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { POST as autogenerate } from "@/app/api/protected/roleplay/autogenerate/route";
import { getDb } from "@/db";
import { roleplays } from "@/db/schema";

import { persona } from "../fixtures/roleplay";
import { startAnthropicStub, type StubReply } from "../helpers/anthropic-stub";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

let reply: StubReply = { text: "unset" };
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
let dev: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let groupId: string;

const request = (overrides: Record<string, unknown> = {}) => ({
  name: "Generated call",
  description: "Made from notes",
  raw_text: "Dana runs two warehouses; peak weeks miss cut-offs; wants same-day shipping.",
  is_public: false,
  assigned_groups: [groupId],
  ...overrides,
});
const roleplayCount = async () => (await (await getDb()).select().from(roleplays)).length;

beforeAll(async () => {
  stub = await startAnthropicStub(() => reply);
  const org = await createOrg({ groups: ["Cohort A"] });
  groupId = org.groups[0].id;
  dev = await createUser({ isDev: true });
  admin = await createUser();
  await addMember({ userId: dev.id, orgId: org.id, role: "admin" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
});
afterAll(() => stub.close());
afterEach(() => {
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
});
const online = () => {
  process.env.ANTHROPIC_API_KEY = "test-key";
  process.env.ANTHROPIC_BASE_URL = stub.url;
};

describe("POST /api/protected/roleplay/autogenerate", () => {
  it("answers 503 with the spec'd detail when no API key is configured", async () => {
    const res = await call(autogenerate, { token: dev.token, body: request() });
    expect(res.status).toBe(503);
    expect(res.json.detail).toBe("Auto-generate needs an Anthropic API key (ANTHROPIC_API_KEY)");
  });

  it("is for developers only", async () => {
    online();
    const res = await call(autogenerate, { token: admin.token, body: request() });
    expect(res.status).toBe(403);
    expect(stub.requests).toHaveLength(0);
  });

  it("validates the request before calling the model", async () => {
    online();
    const res = await call(autogenerate, { token: dev.token, body: request({ raw_text: "   ", name: "" }) });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { msg: string }) => d.msg)).toEqual(
      expect.arrayContaining(["Please enter some text to generate the schema from", "Name is required"]),
    );
    const tooLong = await call(autogenerate, { token: dev.token, body: request({ raw_text: "x".repeat(20_001) }) });
    expect(tooLong.status).toBe(422);
    expect(stub.requests).toHaveLength(0);
  });

  it("turns the notes into a persona through forced tool use and creates the schema", async () => {
    online();
    reply = { tool: { name: "persona", input: persona({ pain_points: ["Missed cut-offs", ""] }) } };
    const res = await call(autogenerate, { token: dev.token, body: request() });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      name: "Generated call",
      is_public: false,
      assigned_groups: [groupId],
      schema_data: { persona: { name: "Dana Whitfield", pain_points: ["Missed cut-offs"] } },
    });
    const sent = stub.requests.at(-1)!;
    expect(sent.tools?.[0].name).toBe("persona");
    expect(sent.tool_choice).toEqual({ type: "tool", name: "persona" });
    expect(JSON.stringify(sent.messages)).toContain("peak weeks miss cut-offs");
  });

  it("regenerates an existing schema's persona in edit mode and keeps its id (issue 17)", async () => {
    online();
    reply = { tool: { name: "persona", input: persona() } };
    const first = await call(autogenerate, { token: dev.token, body: request() });
    expect(first.status).toBe(201);
    const before = await roleplayCount();
    reply = {
      tool: {
        name: "persona",
        input: persona({
          name: "Priya Shah",
          role: "Hiring manager",
          scenario: { kind: "job-interview", objective: "Interview for analyst" },
        }),
      },
    };
    const again = await call(autogenerate, {
      token: dev.token,
      body: request({ schema_id: first.json.id, raw_text: "Priya interviews analysts." }),
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.schema_data.persona.name).toBe("Priya Shah");
    expect(again.json.schema_data.scenario).toEqual({ kind: "job-interview", objective: "Interview for analyst" });
    expect(again.json.schema_data.scorecard.criteria.map((c: { measure?: string }) => c.measure)).toContain(
      "star_answers",
    );
    expect(await roleplayCount()).toBe(before);
    // Admins who are not developers still cannot, and an unknown id is a 404 before any model call.
    expect((await call(autogenerate, { token: admin.token, body: request({ schema_id: first.json.id }) })).status).toBe(
      403,
    );
    const calls = stub.requests.length;
    expect(
      (
        await call(autogenerate, {
          token: dev.token,
          body: request({ schema_id: "00000000-0000-4000-8000-000000000000" }),
        })
      ).status,
    ).toBe(404);
    expect(stub.requests.length).toBe(calls);
  });

  it("scales a model's scorecard to weights that total 100, as a person's must (issue 23)", async () => {
    online();
    const criteria = [
      { id: "rapport", label: "Builds rapport", description: "", weight: 60 },
      { id: "spin", label: "SPIN", description: "", weight: 55, measure: "spin" },
    ];
    reply = { tool: { name: "persona", input: persona({ scorecard: { pass_mark: 70, criteria } }) } };
    const res = await call(autogenerate, { token: dev.token, body: request() });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.schema_data.scorecard.criteria.map((c: { weight: number }) => c.weight)).toEqual([52, 48]);
  });

  it("answers 502 with a clear detail and creates nothing when the model's persona is malformed", async () => {
    online();
    const before = await roleplayCount();
    reply = { tool: { name: "persona", input: { name: "Dana", role: "Ops", pain_points: [] } } };
    const res = await call(autogenerate, { token: dev.token, body: request() });
    expect(res.status).toBe(502);
    expect(res.json.detail).toMatch(/^Auto-generate failed: The model returned an invalid persona: /);
    expect(await roleplayCount()).toBe(before);
  });

  it("answers 502 when the model answers with prose instead of the tool (asked again for JSON), or the API fails", async () => {
    online();
    const before = await roleplayCount();
    reply = { text: "Here is a persona: Dana." };
    const sent = stub.requests.length;
    const text = await call(autogenerate, { token: dev.token, body: request() });
    expect(text.status).toBe(502);
    expect(text.json.detail).toBe("Auto-generate failed: The model's answer held no JSON object");
    // The second request asked for the persona as JSON, without tools.
    expect(stub.requests.slice(sent).map((r) => Boolean(r.tools))).toEqual([true, false]);
    reply = { status: 400, body: { type: "error", error: { type: "invalid_request_error", message: "bad" } } };
    const failed = await call(autogenerate, { token: dev.token, body: request() });
    expect(failed.status).toBe(502);
    expect(failed.json.detail).toBe("Auto-generate failed: the Anthropic API answered 400");
    expect(await roleplayCount()).toBe(before);
  });
});
