import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { makeComment } from "./matrix/routes-coaching";
import { makePlatform } from "./matrix/routes-lti";
import { orgAProvider } from "./matrix/routes-sso";
import { buildWorld, makeAssignment, makeConversation, type World } from "./matrix/world";

type Target = {
  route: string;
  params?: (w: World) => Promise<Record<string, string>> | Record<string, string>;
  as: "developer" | "admin" | "member" | "agent" | "none";
  query?: Record<string, string>;
};

// Every route that reads a JSON body, called by someone allowed to call it.
const targets: Target[] = [
  { route: "POST /api/auth/signup", as: "none" },
  { route: "POST /api/auth/signin", as: "none" },
  { route: "POST /api/public/waitlist", as: "none" },
  { route: "POST /api/protected/roleplay/create", as: "admin" },
  {
    route: "PUT /api/protected/roleplay/edit/[roleplayId]",
    as: "admin",
    params: (w) => ({ roleplayId: w.publicRoleplay.id }),
  },
  { route: "POST /api/protected/roleplay/autogenerate", as: "developer" },
  { route: "POST /api/protected/requestroom", as: "member" },
  {
    route: "POST /api/protected/conversations/[conversationId]/messages",
    as: "member",
    params: async (w) => ({
      conversationId: (await makeConversation(w.users.member.id, w.orgA.id, w.publicRoleplay.id)).id,
    }),
  },
  { route: "POST /api/organization/assignments", as: "admin" },
  { route: "POST /api/organization/library", as: "admin" },
  {
    route: "PUT /api/organization/assignments/[id]",
    as: "admin",
    params: async (w) => ({ id: await makeAssignment(w) }),
  },
  {
    route: "PUT /api/organization/grades/[conversationId]/review",
    as: "admin",
    params: (w) => ({ conversationId: w.graded.id }),
  },
  {
    route: "POST /api/organization/grades/[conversationId]/comments",
    as: "admin",
    params: (w) => ({ conversationId: w.graded.id }),
  },
  {
    route: "PATCH /api/organization/grades/[conversationId]/comments/[commentId]",
    as: "admin",
    params: (w) => makeComment(w),
  },
  {
    route: "PUT /api/organization/grades/[conversationId]/criteria/[criterionId]",
    as: "admin",
    params: (w) => ({ conversationId: w.graded.id, criterionId: "spin" }),
  },
  { route: "PUT /api/protected/active-organization", as: "member" },
  { route: "POST /api/organization/lti/platforms", as: "admin" },
  {
    route: "PUT /api/organization/lti/platforms/[id]",
    as: "admin",
    params: async (w) => (await makePlatform(w)).params,
  },
  { route: "POST /api/organization/lti/courses/sync-roster", as: "admin" },
  { route: "POST /api/organization/lti/scores/retry", as: "admin" },
  { route: "POST /api/organization/sso", as: "admin" },
  { route: "PATCH /api/organization/sso/[id]", as: "admin", params: async (w) => ({ id: (await orgAProvider(w)).id }) },
  { route: "POST /api/sso/start", as: "none" },
  { route: "PUT /api/organization/retention", as: "admin" },
  { route: "POST /api/organization/join-codes", as: "admin" },
  { route: "POST /api/protected/join-organization", as: "member" },
  { route: "POST /api/dev/seed/organization", as: "developer" },
  { route: "DELETE /api/dev/organization/delete", as: "developer" },
  { route: "POST /api/dev/organization/add_user", as: "developer" },
  { route: "POST /api/protected/real-calls/preview", as: "member" },
  { route: "POST /api/protected/real-calls", as: "member" },
  {
    route: "POST /api/agent/conversations/[conversationId]/turns",
    as: "agent",
    params: async (w) => ({
      conversationId: (await makeConversation(w.users.member.id, w.orgA.id, w.publicRoleplay.id)).id,
    }),
  },
];

const nasty = [
  "'; drop table users; --",
  '" or 1=1 --',
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "\u0000null byte",
  "\uD800",
  "👩🏽‍💻‍🔥",
  "\u202Eevil",
  "   ",
  "ｆｕｌｌｗｉｄｔｈ",
  "x".repeat(10_000),
];
const deep = (n: number) => '{"a":'.repeat(n) + "{}" + "}".repeat(n);

/** Bodies that no route may accept: each must be answered 4xx with a detail, writing nothing. */
const badBodies: [string, string][] = [
  ["malformed JSON", '{"email": '],
  ["empty body", ""],
  ["JSON null", "null"],
  ["a bare string", JSON.stringify("hello")],
  ["a number", "42"],
  ["an array", JSON.stringify([{ email: "a@b.c" }])],
  ["only unknown fields", JSON.stringify({ __proto__x: 1, constructor: "x", unknown_field: true })],
  [
    "wrong types everywhere",
    JSON.stringify({
      email: 1,
      password: {},
      name: [],
      org_name: 5,
      schema_id: 7,
      text: false,
      organization_id: [],
      user_id: {},
      role: 9,
      interests: "sales",
      schema_data: "x",
      groups: "x",
      raw_text: 3,
      speaker: 1,
    }),
  ],
  [
    "a 1 MB string",
    JSON.stringify({
      email: "a".repeat(1024 * 1024) + "@x.io",
      text: "b".repeat(1024 * 1024),
      org_name: "c".repeat(1024 * 1024),
    }),
  ],
  [
    "deeply nested objects",
    `{"email":${deep(3000)},"text":${deep(3000)},"schema_data":${deep(3000)},"groups":[${deep(1000)}]}`,
  ],
  ["nesting deeper than any payload", `{"text":${"[".repeat(40)}"x"${"]".repeat(40)}}`],
  ["a NUL character", JSON.stringify({ email: "a\u0000@b.co", text: "hi\u0000", org_name: "x\u0000", name: "\u0000" })],
  ["a lone surrogate", '{"email":"\\ud800@b.co","text":"\\ud800","org_name":"\\ud800","name":"\\ud800"}'],
  // hostile strings where an id, an email or a number is expected
  ...nasty.map((s, i): [string, string] => [
    `hostile string in typed fields #${i}`,
    JSON.stringify({
      email: s,
      schema_id: s,
      organization_id: s,
      user_id: s,
      role: s,
      interests: [s],
      speaker: s,
      num_users: s,
      groups: s,
    }),
  ]),
];

const apiRoot = path.join(process.cwd(), "app", "api");
const handlerFor = async (route: string) => {
  const [method, url] = route.split(" ");
  const mod = await import(/* @vite-ignore */ path.join(apiRoot, url.replace(/^\/api\//, ""), "route.ts"));
  return { method, handler: mod[method] };
};

async function rowCounts() {
  const db = await getDb();
  const tables = [
    "users",
    "sessions",
    "credit_accounts",
    "organizations",
    "memberships",
    "groups",
    "group_members",
    "roleplay_schemas",
    "schema_groups",
    "conversations",
    "conversation_turns",
    "grades",
    "waitlist_entries",
    "assignments",
    "assignment_groups",
    "grade_reviews",
    "user_settings",
    "join_codes",
    "turn_comments",
    "criterion_reviews",
    "lti_platforms",
    "lti_deployments",
    "lti_contexts",
    "lti_score_sends",
    "sso_providers",
    "user_identities",
    "audit_log",
  ];
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const res = await db.execute(sql.raw(`select count(*)::int as n from ${t}`));
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { n: number }[];
    counts[t] = rows[0].n;
  }
  return counts;
}

describe("bad input never gets a 5xx and never writes", () => {
  let world: World;
  beforeAll(async () => {
    process.env.AGENT_SECRET = "sweep-agent-secret-value";
    delete process.env.ANTHROPIC_API_KEY;
    world = await buildWorld();
  });

  it("covers every route that reads a JSON body", () => {
    const readsJson = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return readsJson(full);
        const src = e.name === "route.ts" ? readFileSync(full, "utf8") : "";
        const methods = [...src.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
        return src.includes("body(req")
          ? methods.map((m) => `${m} /api/${path.relative(apiRoot, dir).split(path.sep).join("/")}`)
          : [];
      });
    // Shares its file with PUT but takes no body (soft_delete is a query parameter).
    // GET and DELETE of assignments share their files with POST and PUT and take no body either.
    const covered = new Set([
      ...targets.map((t) => t.route),
      "DELETE /api/protected/roleplay/edit/[roleplayId]",
      "GET /api/organization/assignments",
      "GET /api/organization/library",
      "DELETE /api/organization/assignments/[id]",
      "GET /api/organization/join-codes",
      "GET /api/organization/retention",
      "GET /api/organization/grades/[conversationId]/comments",
      "DELETE /api/organization/grades/[conversationId]/comments/[commentId]",
      "GET /api/organization/lti/platforms",
      "GET /api/organization/lti/platforms/[id]",
      "DELETE /api/organization/lti/platforms/[id]",
      "GET /api/organization/sso",
      "DELETE /api/organization/sso/[id]",
    ]);
    expect(readsJson(apiRoot).filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const target of targets) {
    it(target.route, async () => {
      const { method, handler } = await handlerFor(target.route);
      const params = (await target.params?.(world)) ?? {};
      const token = target.as === "none" || target.as === "agent" ? undefined : world.users[target.as].token;
      const headers: Record<string, string> =
        target.as === "agent" ? { authorization: `Bearer ${process.env.AGENT_SECRET}` } : {};
      const before = await rowCounts();
      const failures: string[] = [];
      for (const [label, raw] of badBodies) {
        await resetAll();
        const res = await call(handler, {
          method,
          params,
          token,
          headers,
          body: raw === "" ? undefined : raw,
          query: target.query,
        });
        const detailOk =
          typeof res.json?.detail === "string" ||
          (Array.isArray(res.json?.detail) &&
            res.json.detail.every((d: { msg?: unknown }) => typeof d.msg === "string"));
        if (res.status < 400 || res.status >= 500 || !detailOk)
          failures.push(`${label}: ${res.status} ${JSON.stringify(res.json)?.slice(0, 200)}`);
      }
      // Issue 10.10: JSON that is not sent as application/json (what another site can post) is a 415.
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
        await resetAll();
        const body = JSON.stringify({
          email: "typed@example.com",
          password: "long-enough-1",
          text: "hi",
          schema_id: world.publicRoleplay.id,
        });
        const res = await call(handler, {
          method,
          params,
          token,
          headers: { ...headers, "content-type": type },
          body,
          query: target.query,
        });
        if (res.status !== 415 || typeof res.json?.detail !== "string")
          failures.push(`content-type ${type}: ${res.status} ${JSON.stringify(res.json)?.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
      expect(await rowCounts()).toEqual(before);
    });
  }
});

describe("hostile but valid text is stored as plain text, never executed", () => {
  let world: World;
  beforeAll(async () => {
    delete process.env.ANTHROPIC_API_KEY;
    world = await buildWorld();
  });

  const hostile = nasty.filter((s) => s.trim() && s.isWellFormed() && !s.includes("\u0000") && s.length < 100);

  it("persona names and texts round-trip exactly through create and select", async () => {
    const { handler: create } = await handlerFor("POST /api/protected/roleplay/create");
    const { handler: select } = await handlerFor("GET /api/protected/roleplay/select/[roleplayId]");
    for (const s of hostile) {
      const persona = { name: s, role: s, situation: s, background: s, pain_points: [s], goals: [s] };
      const res = await call(create, {
        method: "POST",
        token: world.users.admin.token,
        body: { name: s, description: s, is_public: true, schema_data: { persona }, assigned_groups: [] },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const id = res.json.id ?? res.json.roleplay?.id;
      const back = await call(select, { token: world.users.admin.token, params: { roleplayId: id } });
      expect(back.json.name).toBe(s);
      expect(back.json.schema_data.persona.pain_points).toEqual([s]);
    }
  });

  it("messages, sign-up names and waitlist details never produce a 5xx", async () => {
    const { handler: messages } = await handlerFor("POST /api/protected/conversations/[conversationId]/messages");
    const { handler: signup } = await handlerFor("POST /api/auth/signup");
    const { handler: waitlist } = await handlerFor("POST /api/public/waitlist");
    for (const [i, s] of hostile.entries()) {
      await resetAll();
      const c = await makeConversation(world.users.member.id, world.orgA.id, world.publicRoleplay.id);
      const m = await call(messages, {
        method: "POST",
        token: world.users.member.token,
        params: { conversationId: c.id },
        body: { text: s },
      });
      expect(m.status, JSON.stringify(m.json)).toBe(200);
      const u = await call(signup, {
        method: "POST",
        body: { email: `hostile${i}@x.test`, password: "long-enough-1", name: s },
      });
      expect(u.status).toBe(201);
      const w = await call(waitlist, {
        method: "POST",
        body: { email: `hostile${i}@x.test`, name: s, interests: ["other"], otherDetails: s },
      });
      expect(w.status).toBe(200);
    }
  });
});

describe("body size limits", () => {
  it("the LiveKit webhook refuses a body over 64 KB before checking its signature", async () => {
    process.env.LIVEKIT_URL = "ws://127.0.0.1:7880";
    process.env.LIVEKIT_API_KEY = "devkey";
    process.env.LIVEKIT_API_SECRET = "size-limit-secret-0123456789abcdef";
    const { handler } = await handlerFor("POST /api/livekit/webhook");
    const res = await call(handler, {
      method: "POST",
      body: JSON.stringify({ event: "x".repeat(70 * 1024) }),
      headers: { "content-type": "application/webhook+json" },
    });
    expect(res.status).toBe(413);
    expect(res.json.detail).toMatch(/larger than 65536 bytes/);
  });
});
