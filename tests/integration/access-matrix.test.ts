import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { type Access, ROLE_NAMES } from "@/lib/auth/roles";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { type Case, cases, excluded } from "./matrix/routes";
import { buildWorld, CALLERS, type World } from "./matrix/world";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiRoot = path.join(process.cwd(), "app", "api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

const modules = new Map<string, Record<string, unknown>>();
async function load(file: string) {
  if (!modules.has(file)) modules.set(file, await import(/* @vite-ignore */ file));
  return modules.get(file)!;
}
const fileOf = (route: string) => path.join(apiRoot, route.split(" ")[1].replace(/^\/api\//, ""), "route.ts");
const urlOf = (route: string, params: Record<string, string> = {}) =>
  route.split(" ")[1].replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, k: string) => params[k] ?? k);

describe("access matrix", () => {
  let world: World;
  beforeAll(async () => {
    process.env.AGENT_SECRET = "matrix-agent-secret-value";
    process.env.LIVEKIT_URL = "ws://127.0.0.1:7880";
    process.env.LIVEKIT_API_KEY = "devkey";
    process.env.LIVEKIT_API_SECRET = "matrix-livekit-secret-0123456789abcdef";
    delete process.env.ANTHROPIC_API_KEY;
    world = await buildWorld();
  });

  it("has a row for every method of every route under app/api", async () => {
    const present: string[] = [];
    for (const file of routeFiles(apiRoot)) {
      const route = "/api/" + path.relative(apiRoot, path.dirname(file)).split(path.sep).join("/");
      if (METHODS.every((m) => excluded.has(`${m} ${route}`) || !readFileSync(file, "utf8").includes(m))) continue;
      const mod = await load(file);
      for (const m of METHODS) if (typeof mod[m] === "function") present.push(`${m} ${route}`);
    }
    const covered = new Set(cases.map((c) => c.route));
    expect(present.filter((r) => !covered.has(r) && !excluded.has(r))).toEqual([]);
    expect([...covered].filter((r) => !present.includes(r))).toEqual([]);
  });

  for (const c of cases) {
    it(`${c.route}${c.variant ? ` (${c.variant})` : ""}`, async () => {
      const got: Record<string, number> = {};
      for (const who of CALLERS) {
        await resetAll();
        const input = (await c.input?.(world, who)) ?? {};
        const handler = (await load(fileOf(c.route)))[c.route.split(" ")[0]] as Parameters<typeof call>[0];
        const res = await call(handler, {
          method: c.route.split(" ")[0],
          path: urlOf(c.route, input.params),
          params: input.params,
          query: input.query,
          body: input.body,
          headers: input.headers,
          token: await world.tokenFor(who, c.freshToken),
        });
        got[who] = res.status;
        if (res.status >= 400)
          expect(
            typeof res.json?.detail === "string" || Array.isArray(res.json?.detail),
            `${who}: ${JSON.stringify(res.json)}`,
          ).toBe(true);
      }
      expect(got).toEqual(c.expect);
    });
  }

  describe("ids in the path", () => {
    const dynamic = [...new Set(cases.map((c) => c.route).filter((r) => /\[\w+\]/.test(r)))];
    const agentAuth = { authorization: "Bearer matrix-agent-secret-value" };
    const callerFor = (route: string) =>
      route.includes("/api/agent/")
        ? null
        : route.includes("/api/dev/")
          ? "developer"
          : route.includes("/api/organization/")
            ? "admin"
            : "member";
    const turn = {
      speaker: "learner",
      text: "hi",
      started_at: "2026-01-01T10:00:00Z",
      ended_at: "2026-01-01T10:00:05Z",
    };

    it("has a not-found detail for every route with an id in its path", () => {
      expect(dynamic.sort()).toEqual(Object.keys(notFoundDetail).sort());
    });

    for (const route of dynamic) {
      it(`${route}: a malformed id is the same 404 as an unknown one`, async () => {
        const c = cases.find((x) => x.route === route)!;
        const who = callerFor(route);
        const input = (await c.input?.(world, who ?? "anonymous")) ?? {};
        const send = async (id: string) => {
          await resetAll();
          const params = Object.fromEntries(Object.keys(input.params ?? {}).map((k) => [k, id]));
          const handler = (await load(fileOf(route)))[route.split(" ")[0]] as Parameters<typeof call>[0];
          const res = await call(handler, {
            method: route.split(" ")[0],
            path: urlOf(route, params),
            params,
            query: input.query,
            body: route.endsWith("/turns") ? turn : input.body,
            headers: who ? input.headers : agentAuth,
            token: who ? await world.tokenFor(who) : undefined,
          });
          return { status: res.status, detail: res.json?.detail };
        };
        const expected = { status: 404, detail: notFoundDetail[route] };
        for (const id of ["not-a-uuid", "' or '1'='1", "123e4567-e89b-12d3-a456-42661417400g", crypto.randomUUID()]) {
          expect(await send(id), id).toEqual(expected);
        }
      });
    }
  });
});

/** What each route answers for an id that names nothing (malformed or unknown alike). */
const notFoundDetail: Record<string, string> = {
  "POST /api/lti/register/[token]": "Registration link not found",
  "GET /api/organization/lti/platforms/[id]": "LTI platform not found",
  "PUT /api/organization/lti/platforms/[id]": "LTI platform not found",
  "DELETE /api/organization/lti/platforms/[id]": "LTI platform not found",
  "GET /api/agent/conversations/[conversationId]": "Conversation not found",
  "POST /api/agent/conversations/[conversationId]/turns": "Conversation not found",
  "POST /api/agent/conversations/[conversationId]/end": "Conversation not found",
  "GET /api/dev/organization/[id]/users": "Organization not found",
  "GET /api/protected/conversations/[conversationId]": "Conversation not found",
  "GET /api/protected/conversations/[conversationId]/hint": "Conversation not found",
  "POST /api/organization/real-calls/[conversationId]/persona": "Conversation not found",
  "POST /api/protected/conversations/[conversationId]/messages": "Conversation not found",
  "POST /api/protected/conversations/[conversationId]/end": "Conversation not found",
  "POST /api/protected/conversations/[conversationId]/join": "Conversation not found",
  "GET /api/protected/roleplay/select/[roleplayId]": "Schema not found",
  "PUT /api/protected/roleplay/edit/[roleplayId]": "Schema not found",
  "DELETE /api/protected/roleplay/edit/[roleplayId]": "Schema not found",
  "GET /api/protected/grades/[conversationId]": "Conversation not found",
  "POST /api/protected/grades/[conversationId]/retry": "Conversation not found",
  "GET /api/organization/users/[userId]/scores": "User not found",
  "GET /api/organization/users/[userId]/conversations": "User not found",
  "DELETE /api/organization/users/[userId]": "User not found",
  "DELETE /api/dev/users/[userId]": "User not found",
  "PUT /api/organization/grades/[conversationId]/review": "Conversation not found",
  "GET /api/organization/grades/[conversationId]/comments": "Conversation not found",
  "POST /api/organization/grades/[conversationId]/comments": "Conversation not found",
  "PATCH /api/organization/grades/[conversationId]/comments/[commentId]": "Conversation not found",
  "DELETE /api/organization/grades/[conversationId]/comments/[commentId]": "Conversation not found",
  "GET /api/organization/grades/[conversationId]/criteria": "Conversation not found",
  "PUT /api/organization/grades/[conversationId]/criteria/[criterionId]": "Conversation not found",
  "PUT /api/organization/assignments/[id]": "Assignment not found",
  "DELETE /api/organization/assignments/[id]": "Assignment not found",
  "POST /api/organization/join-codes/[id]/revoke": "Join code not found",
  "PATCH /api/organization/sso/[id]": "SSO provider not found",
  "DELETE /api/organization/sso/[id]": "SSO provider not found",
};

// Every route and server action declares who may call it (lib/auth/roles.ts), where it is declared;
// the rows above must agree with what it declares.
const ROLES_DECLARED: string[] = ["public", "agent", ...ROLE_NAMES];
const accessOf = (handler: unknown) => (handler as { access?: Access } | undefined)?.access;
const refused = (status: number) => status === 403 || status === 404;

/** What each declaration promises of the matrix's callers; an empty list when the row keeps it. */
function broken(role: string, c: Case): string[] {
  const e = c.expect;
  const out: string[] = [];
  const unauthenticated = [e.anonymous, e.forged, e.expired, e.signedOut];
  // Public: a session changes nothing (what refuses, a signature or a disabled provider, refuses everyone).
  if (role === "public") {
    if (new Set(Object.values(e)).size > 1) out.push("public, yet a session changes the answer");
    return out;
  }
  if (role === "agent") {
    if (Object.values(e).some((s) => s !== 401)) out.push("the agent's, yet lets a user's session in");
    return out;
  }
  if (unauthenticated.some((s) => s !== 401)) out.push("signed in only, yet answers without a valid session");
  if (role === "developer") {
    if ([e.member, e.admin, e.otherAdmin].some((s) => s !== 403)) out.push("developers', yet a non-developer passes");
    if (e.developer === 401 || e.developer === 403) out.push("developers', yet refuses the developer");
  }
  if (role === "admin" && !refused(e.member)) out.push("admins', yet a plain member passes");
  if (role === "reviewer" && (!refused(e.member) || !refused(e.developer)))
    out.push("reviewers', yet a plain member or a developer outside the organization passes");
  if (role === "user" && !c.variant && e.member === 403) out.push("any user's, yet a plain member is refused");
  return out;
}

function serverActionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(full).isDirectory()) return serverActionFiles(full);
    if (!/\.tsx?$/.test(name)) return [];
    return /^\s*["']use server["']/.test(readFileSync(full, "utf8")) ? [full] : [];
  });
}

describe("declared roles", () => {
  it("every method of every route under app/api declares one", async () => {
    const missing: string[] = [];
    for (const file of routeFiles(apiRoot)) {
      const route = "/api/" + path.relative(apiRoot, path.dirname(file)).split(path.sep).join("/");
      const mod = await load(file);
      for (const m of METHODS) {
        if (typeof mod[m] !== "function") continue;
        const role = accessOf(mod[m])?.role;
        if (!role || !ROLES_DECLARED.includes(role)) missing.push(`${m} ${route}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every server action declares one", async () => {
    const missing: string[] = [];
    const files = ["lib", "app"].flatMap((d) => serverActionFiles(path.join(process.cwd(), d)));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const rel = path.relative(process.cwd(), file).split(path.sep).join("/");
      const mod = await load(file);
      for (const [name, value] of Object.entries(mod)) {
        if (typeof value !== "function") continue;
        const role = accessOf(value)?.role;
        if (!role || !ROLES_DECLARED.includes(role)) missing.push(`${rel} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every server action declares the role of the route whose service it shares", async () => {
    const differ: string[] = [];
    for (const [action, route] of Object.entries(ACTION_ROUTES)) {
      const [file, name] = action.split(" ");
      const declared = accessOf((await load(path.join(process.cwd(), file)))[name])?.role;
      const routeRole = accessOf((await load(fileOf(route)))[route.split(" ")[0]])?.role;
      if (declared !== routeRole) differ.push(`${action}: ${declared}, ${route}: ${routeRole}`);
    }
    expect(differ).toEqual([]);
  });

  it("every row of the matrix keeps what its route declares", async () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      const role = accessOf((await load(fileOf(c.route)))[c.route.split(" ")[0]])?.role ?? "none";
      for (const why of broken(role, c)) disagreements.push(`${c.route}${c.variant ? ` (${c.variant})` : ""}: ${why}`);
    }
    expect(disagreements).toEqual([]);
  });
});

/** Server actions that are a form's way to a route's service, and that route. */
const ACTION_ROUTES: Record<string, string> = {
  "lib/coaching/actions.ts addCommentAction": "POST /api/organization/grades/[conversationId]/comments",
  "lib/coaching/actions.ts editCommentAction": "PATCH /api/organization/grades/[conversationId]/comments/[commentId]",
  "lib/coaching/actions.ts deleteCommentAction":
    "DELETE /api/organization/grades/[conversationId]/comments/[commentId]",
  "lib/coaching/actions.ts overrideCriterionAction":
    "PUT /api/organization/grades/[conversationId]/criteria/[criterionId]",
  "lib/data/actions.ts setRetentionAction": "PUT /api/organization/retention",
  "lib/data/actions.ts deleteLearnerAction": "DELETE /api/organization/users/[userId]",
  "lib/organizations/actions.ts reviewGradeAction": "PUT /api/organization/grades/[conversationId]/review",
  "lib/organizations/actions.ts createAssignmentAction": "POST /api/organization/assignments",
  "lib/organizations/actions.ts updateAssignmentAction": "PUT /api/organization/assignments/[id]",
  "lib/organizations/actions.ts deleteAssignmentAction": "DELETE /api/organization/assignments/[id]",
  "lib/organizations/actions.ts chooseOrganizationAction": "PUT /api/protected/active-organization",
  "lib/organizations/join-code-actions.ts createJoinCodeAction": "POST /api/organization/join-codes",
  "lib/organizations/join-code-actions.ts revokeJoinCodeAction": "POST /api/organization/join-codes/[id]/revoke",
  "lib/organizations/join-code-actions.ts joinOrganizationAction": "POST /api/protected/join-organization",
  "lib/roleplays/actions.ts createRoleplayAction": "POST /api/protected/roleplay/create",
  "lib/roleplays/actions.ts updateRoleplayAction": "PUT /api/protected/roleplay/edit/[roleplayId]",
  "lib/roleplays/actions.ts deleteRoleplayAction": "DELETE /api/protected/roleplay/edit/[roleplayId]",
  "lib/roleplays/actions.ts autogenerateRoleplayAction": "POST /api/protected/roleplay/autogenerate",
  "lib/roleplays/library-actions.ts addFromLibraryAction": "POST /api/organization/library",
  "lib/waitlist/actions.ts joinWaitlistAction": "POST /api/public/waitlist",
};
