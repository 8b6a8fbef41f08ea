import { and, eq } from "drizzle-orm";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as handoff } from "@/app/api/lti/handoff/route";
import { POST as launchPost } from "@/app/api/lti/launch/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { getDb } from "@/db";
import { insertLoginState } from "@/db/queries/lti-launch";
import {
  auditLog,
  groupMembers,
  groups,
  ltiContexts,
  ltiResourceLinks,
  ltiUserLinks,
  memberships,
  users,
  userSettings,
} from "@/db/schema";
import { courseActivity } from "@/lib/lti/activity";
import { sha256 } from "@/lib/lti/sealed";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { type LtiPlatformStandIn, ROLES, startLtiPlatform } from "../helpers/lti-platform";
import {
  authorize,
  cookieOf,
  getWith,
  launch,
  launchFootprint,
  login,
  postForm,
  registerStandIn,
  TOOL,
} from "./lti-launch-helpers";
import { makeRoleplay } from "./matrix/world";

type Org = Awaited<ReturnType<typeof createOrg>>;

const LTI = "https://purl.imsglobal.org/spec/lti/claim/";
const fragmentCode = (location: string) => new URL(location, TOOL).hash.replace(/^#h=/, "");

describe("LTI 1.3 launch", () => {
  let platform: LtiPlatformStandIn;
  let orgA: Org;
  let orgB: Org;
  let platformA: Awaited<ReturnType<typeof registerStandIn>>;

  beforeAll(async () => {
    platform = await startLtiPlatform({ toolOrigin: TOOL });
    orgA = await createOrg({ name: "Riverside University" });
    orgB = await createOrg({ name: "Other College" });
    platformA = await registerStandIn(platform, orgA.id);
    platform.addUser("learner-1", {
      sub: "lms-learner-1",
      name: "Lea Learner",
      email: "lea@uni.test",
      roles: [ROLES.learner],
    });
    platform.addUser("teacher-1", {
      sub: "lms-teacher-1",
      name: "Ivo Instructor",
      email: "ivo@uni.test",
      roles: [ROLES.instructor],
    });
  });
  afterAll(() => platform.close());

  const resourceMessage = () => platform.addMessage({ kind: "resource", resourceLinkId: `rl-${Math.random()}` });

  describe("login initiation", () => {
    it("redirects to the platform's authorisation endpoint with a fresh state and nonce, kept server-side", async () => {
      const res = await login(platform.loginUrl({ hint: "learner-1", message: resourceMessage() }));
      expect(res.status).toBe(302);
      const auth = new URL(res.headers.get("location")!);
      expect(auth.origin + auth.pathname).toBe(platform.authUrl());
      expect(Object.fromEntries(auth.searchParams)).toMatchObject({
        scope: "openid",
        response_type: "id_token",
        response_mode: "form_post",
        prompt: "none",
        client_id: platform.state.clientId,
        redirect_uri: `${TOOL}/api/lti/launch`,
        login_hint: "learner-1",
      });
      expect(auth.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
      expect(auth.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
      // No cookie: inside an LMS iframe it would be a third-party cookie.
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it("accepts the login as a form POST too", async () => {
      const url = new URL(platform.loginUrl({ hint: "learner-1", message: resourceMessage() }));
      const { POST } = await import("@/app/api/lti/login/route");
      const res = await postForm(POST, "/api/lti/login", Object.fromEntries(url.searchParams));
      expect(res.status).toBe(302);
    });

    it("refuses an unknown issuer, a target outside Parley and missing parameters with a 400 page", async () => {
      const unknown = new URL(platform.loginUrl({ hint: "learner-1", message: "m" }));
      unknown.searchParams.set("iss", "https://unknown-lms.example");
      let res = await login(unknown.toString());
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("This LMS is not registered with Parley");

      const outside = new URL(platform.loginUrl({ hint: "learner-1", message: "m" }));
      outside.searchParams.set("target_link_uri", "https://evil.example/phish");
      res = await login(outside.toString());
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("The launch points outside Parley");

      res = await login(`${TOOL}/api/lti/login?iss=${encodeURIComponent(platform.issuer)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("text/html");

      res = await getWith((await import("@/app/api/lti/login/route")).GET, `${TOOL}/api/lti/login`, {
        accept: "application/json",
      });
      expect(res.status).toBe(400);
      expect((await res.json()).detail).toContain("missing parameters");
    });
  });

  describe("a learner's launch", () => {
    it("creates a password-less account in the platform's organisation, the course group, and signs in", async () => {
      const res = await launch(platform, "learner-1", resourceMessage());
      expect(res.status, await res.clone().text()).toBe(303);
      const location = res.headers.get("location")!;
      expect(location).toMatch(/^\/lti\/continue\?to=%2Fdashboard#h=/);
      const cookie = cookieOf(res)!;
      expect(cookie).toBeTruthy();
      expect(res.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);

      const db = await getDb();
      const [link] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "lms-learner-1"));
      const [user] = await db.select().from(users).where(eq(users.id, link.user_id));
      expect(user).toMatchObject({ email: "lea@uni.test", name: "Lea Learner", password_hash: null });
      const roles = await db.select().from(memberships).where(eq(memberships.user_id, user.id));
      expect(roles).toEqual([expect.objectContaining({ organization_id: orgA.id, role: "member" })]);
      const [course] = await db.select().from(ltiContexts).where(eq(ltiContexts.platform_id, platformA.id));
      expect(course).toMatchObject({ context_id: "course-101", title: "Sales 101" });
      expect(course.nrps_url).toBe(`${platform.url}/services/contexts/course-101/memberships`);
      const [group] = await db.select().from(groups).where(eq(groups.id, course.group_id!));
      expect(group).toMatchObject({ organization_id: orgA.id, name: "Sales 101" });
      const inGroup = await db.select().from(groupMembers).where(eq(groupMembers.group_id, group.id));
      expect(inGroup.map((m) => m.user_id)).toEqual([user.id]);
      const [settings] = await db.select().from(userSettings).where(eq(userSettings.user_id, user.id));
      expect(settings.active_organization_id).toBe(orgA.id);

      // The cookie is a real session: the dashboard API answers for this learner in organisation A.
      const dash = await call(dashboard, { cookie });
      expect(dash.status).toBe(200);
      expect(dash.json.user).toBe("Lea Learner");
    });

    it("a second launch finds the same account and course: nothing is duplicated", async () => {
      const before = await launchFootprint();
      const res = await launch(platform, "learner-1", resourceMessage());
      expect(res.status).toBe(303);
      const after = await launchFootprint();
      expect(after.users).toBe(before.users);
      expect(after.groups).toBe(before.groups);
      expect(after.group_members).toBe(before.group_members);
      expect(after.lti_contexts).toBe(before.lti_contexts);
      expect(after.lti_nonces).toBe(before.lti_nonces + 1);
    });

    it("a launch in a new window (Sec-Fetch-Dest: document) goes straight on, with no hand-off code", async () => {
      const res = await launch(platform, "learner-1", resourceMessage(), "document");
      expect(res.headers.get("location")).toBe("/lti/continue?to=%2Fdashboard");
    });

    it("the framed launch's code opens a first-party session in a new tab, once", async () => {
      const res = await launch(platform, "learner-1", resourceMessage());
      const code = fragmentCode(res.headers.get("location")!);
      const opened = await postForm(handoff, "/api/lti/handoff", { code }, { "sec-fetch-site": "same-origin" });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/lti/continue?to=%2Fdashboard");
      const dash = await call(dashboard, { cookie: cookieOf(opened)! });
      expect(dash.json.user).toBe("Lea Learner");

      const again = await postForm(handoff, "/api/lti/handoff", { code });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("expired or was already used");
      const forged = await postForm(handoff, "/api/lti/handoff", { code: `${code.slice(0, -4)}AAAA` });
      expect(forged.status).toBe(400);
    });

    it("an existing Parley account with the LMS's e-mail is never taken over: the LMS user gets their own", async () => {
      const existing = await createUser({ email: "taken@uni.test", name: "Has A Password" });
      platform.addUser("same-email", {
        sub: "lms-same-email",
        name: "Same Email",
        email: "taken@uni.test",
        roles: [ROLES.learner],
      });
      const res = await launch(platform, "same-email", resourceMessage());
      expect(res.status).toBe(303);
      const db = await getDb();
      const [link] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "lms-same-email"));
      expect(link.user_id).not.toBe(existing.id);
      const [user] = await db.select().from(users).where(eq(users.id, link.user_id));
      expect(user.email).toMatch(/^lti-[\w-]+@lms\.parley\.invalid$/);
      expect(await db.select().from(memberships).where(eq(memberships.user_id, existing.id))).toEqual([]);
    });
  });

  describe("instructors", () => {
    it("stay members (and out of the learners' group) unless the organisation allowed instructors to be admins", async () => {
      const res = await launch(platform, "teacher-1", resourceMessage());
      expect(res.headers.get("location")).toContain("notice=instructor_not_admin");
      const db = await getDb();
      const [link] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "lms-teacher-1"));
      const [m] = await db.select().from(memberships).where(eq(memberships.user_id, link.user_id));
      expect(m.role).toBe("member");
      expect(await db.select().from(groupMembers).where(eq(groupMembers.user_id, link.user_id))).toEqual([]);
    });

    it("become admins of that one organisation when allowed, recorded in the audit log; never elsewhere", async () => {
      const other = await startLtiPlatform({ toolOrigin: TOOL });
      try {
        const row = await registerStandIn(other, orgB.id, { instructorsBecomeAdmins: true });
        other.addUser("t", { sub: "teacher-b", name: "Bea Boss", roles: [ROLES.instructor] });
        const res = await launch(other, "t", other.addMessage({ kind: "resource", resourceLinkId: "x" }));
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).not.toContain("notice");
        const db = await getDb();
        const [link] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.platform_id, row.id));
        const roles = await db.select().from(memberships).where(eq(memberships.user_id, link.user_id));
        expect(roles).toEqual([expect.objectContaining({ organization_id: orgB.id, role: "admin" })]);
        const [entry] = await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.target_id, link.user_id), eq(auditLog.action, "membership.role_changed")));
        expect(entry).toMatchObject({
          organization_id: orgB.id,
          details: expect.objectContaining({ via: "lti_launch" }),
        });
      } finally {
        await other.close();
      }
    });

    it("an admin who launches as a learner keeps their admin role (a launch never demotes)", async () => {
      const db = await getDb();
      platform.addUser("admin-as-learner", { sub: "lms-admin-learner", name: "Ada", roles: [ROLES.learner] });
      await launch(platform, "admin-as-learner", resourceMessage());
      const [link] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "lms-admin-learner"));
      await db.update(memberships).set({ role: "admin" }).where(eq(memberships.user_id, link.user_id));
      await launch(platform, "admin-as-learner", resourceMessage());
      const [m] = await db.select().from(memberships).where(eq(memberships.user_id, link.user_id));
      expect(m.role).toBe("admin");
    });
  });

  describe("resource links", () => {
    it("a link made by deep linking is found by its custom parameter, lands on its activity and keeps its line item", async () => {
      const db = await getDb();
      const roleplay = await makeRoleplay(orgA.id);
      const [course] = await db.select().from(ltiContexts).where(eq(ltiContexts.platform_id, platformA.id));
      const [row] = await db
        .insert(ltiResourceLinks)
        .values({ context_id: course.id, roleplay_id: roleplay.id })
        .returning();
      const message = platform.addMessage({
        kind: "resource",
        resourceLinkId: "canvas-link-7",
        custom: { parley_link: row.id },
        lineItemUrl: `${platform.url}/services/contexts/course-101/lineitems/7`,
      });
      const res = await launch(platform, "learner-1", message, "document");
      expect(res.headers.get("location")).toBe(`/lti/continue?to=${encodeURIComponent(`/activity/${row.id}`)}`);
      const [claimed] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, row.id));
      expect(claimed.resource_link_id).toBe("canvas-link-7");
      expect(claimed.line_item_url).toBe(`${platform.url}/services/contexts/course-101/lineitems/7`);

      // Later launches find it by the LMS's id alone.
      const plain = platform.addMessage({ kind: "resource", resourceLinkId: "canvas-link-7" });
      const again = await launch(platform, "learner-1", plain, "document");
      expect(again.headers.get("location")).toContain(encodeURIComponent(`/activity/${row.id}`));
    });

    it("a learner dropped from the course (out of its group) no longer opens its activity", async () => {
      const db = await getDb();
      const roleplay = await makeRoleplay(orgA.id);
      const [course] = await db.select().from(ltiContexts).where(eq(ltiContexts.platform_id, platformA.id));
      const [row] = await db
        .insert(ltiResourceLinks)
        .values({ context_id: course.id, roleplay_id: roleplay.id, resource_link_id: "dropped-link" })
        .returning();
      platform.addUser("dropped", { sub: "lms-dropped", name: "Dee Dropped", roles: [ROLES.learner] });
      const message = platform.addMessage({ kind: "resource", resourceLinkId: "dropped-link" });
      await launch(platform, "dropped", message, "document");
      const [link] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "lms-dropped"));
      expect(await courseActivity(link.user_id, row.id)).not.toBeNull();
      await db
        .delete(groupMembers)
        .where(and(eq(groupMembers.user_id, link.user_id), eq(groupMembers.group_id, course.group_id!)));
      expect(await courseActivity(link.user_id, row.id)).toBeNull();
    });

    it("a custom parameter naming another course's link is ignored (dashboard)", async () => {
      const db = await getDb();
      const roleplay = await makeRoleplay(orgB.id);
      const [foreignCourse] = await db
        .insert(ltiContexts)
        .values({ platform_id: platformA.id, context_id: "other-course" })
        .returning();
      const [foreign] = await db
        .insert(ltiResourceLinks)
        .values({ context_id: foreignCourse.id, roleplay_id: roleplay.id })
        .returning();
      const message = platform.addMessage({
        kind: "resource",
        resourceLinkId: "rl-z",
        custom: { parley_link: foreign.id },
      });
      const res = await launch(platform, "learner-1", message, "document");
      expect(res.headers.get("location")).toBe("/lti/continue?to=%2Fdashboard");
      const [untouched] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, foreign.id));
      expect(untouched.resource_link_id).toBeNull();
    });
  });

  describe("bad input: a clear 4xx and nothing created", () => {
    /** A state and nonce the tool issued, without going through the platform. */
    async function issuedState(message = resourceMessage()) {
      const res = await login(platform.loginUrl({ hint: "learner-1", message }));
      const auth = new URL(res.headers.get("location")!);
      return { state: auth.searchParams.get("state")!, nonce: auth.searchParams.get("nonce")! };
    }
    const learner = { sub: "lms-learner-bad", name: "Bad Input", roles: [ROLES.learner] };
    const resource = { kind: "resource", resourceLinkId: "rl-bad" } as const;

    async function refused(fields: Record<string, string>, status: number, text: string) {
      const before = await launchFootprint();
      const res = await postForm(launchPost, "/api/lti/launch", fields);
      const body = await res.text();
      expect(res.status, body).toBe(status);
      expect(body).toContain(text);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await launchFootprint()).toEqual(before);
    }

    it("an expired id_token", async () => {
      const { state, nonce } = await issuedState();
      const token = await platform.signIdToken(platform.claims(learner, resource, nonce), {
        iat: Math.floor(Date.now() / 1000) - 3600,
        expiresIn: Math.floor(Date.now() / 1000) - 600,
      });
      await refused({ id_token: token, state }, 401, "has expired");
    });

    it("an unsigned id_token (alg none)", async () => {
      const { state, nonce } = await issuedState();
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        ...platform.claims(learner, resource, nonce),
        iss: platform.issuer,
        aud: platform.state.clientId,
        iat: now,
        exp: now + 300,
      };
      await refused(
        { id_token: `${enc({ alg: "none", typ: "JWT" })}.${enc(payload)}.`, state },
        401,
        "could not be verified",
      );
    });

    it("an id_token signed by another key", async () => {
      const { state, nonce } = await issuedState();
      const { privateKey } = await generateKeyPair("RS256");
      const token = await platform.signIdToken(platform.claims(learner, resource, nonce), { key: privateKey });
      await refused({ id_token: token, state }, 401, "could not be verified");
    });

    it("a token for another tool (wrong audience), and several audiences without azp", async () => {
      let { state, nonce } = await issuedState();
      let token = await platform.signIdToken(platform.claims(learner, resource, nonce), { aud: "another-tool" });
      await refused({ id_token: token, state }, 401, "issued for another tool");
      ({ state, nonce } = await issuedState());
      token = await platform.signIdToken(platform.claims(learner, resource, nonce), {
        aud: [platform.state.clientId, "x"],
      });
      await refused({ id_token: token, state }, 401, "azp is required");
    });

    it("a token from another issuer than the one that started the login", async () => {
      const { state, nonce } = await issuedState();
      const token = await platform.signIdToken({
        ...platform.claims(learner, resource, nonce),
        iss: "https://other.example",
      });
      await refused({ id_token: token, state }, 401, "different LMS");
    });

    it("a replayed launch (the same form posted twice), and a replayed nonce under a fresh state", async () => {
      const { fields } = await authorize(platform, "learner-1", resourceMessage());
      expect((await postForm(launchPost, "/api/lti/launch", fields)).status).toBe(303);
      await refused(fields, 400, "expired or was already used");

      // Even a state that somehow carried the same nonce again cannot replay the token.
      const [, payload] = fields.id_token.split(".");
      const { nonce } = JSON.parse(Buffer.from(payload, "base64url").toString());
      await insertLoginState(await getDb(), {
        stateHash: sha256("fresh-state"),
        nonce,
        platformId: platformA.id,
        targetLinkUri: `${TOOL}/api/lti/launch`,
        expiresAt: new Date(Date.now() + 60_000),
      });
      await refused({ id_token: fields.id_token, state: "fresh-state" }, 401, "already used");
    });

    it("a nonce other than the one the tool sent", async () => {
      const { state } = await issuedState();
      const token = await platform.signIdToken(platform.claims(learner, resource, "not-our-nonce"));
      await refused({ id_token: token, state }, 401, "does not belong to this launch");
    });

    it("a missing, unknown or expired state", async () => {
      const { nonce } = await issuedState();
      const token = await platform.signIdToken(platform.claims(learner, resource, nonce));
      await refused({ id_token: token }, 400, "missing parameters");
      await refused({ id_token: token, state: "never-issued" }, 400, "expired or was already used");
      await insertLoginState(await getDb(), {
        stateHash: sha256("old-state"),
        nonce,
        platformId: platformA.id,
        targetLinkUri: `${TOOL}/api/lti/launch`,
        expiresAt: new Date(Date.now() - 1000),
      });
      await refused({ id_token: token, state: "old-state" }, 400, "expired or was already used");
    });

    it("an unknown deployment", async () => {
      const { state, nonce } = await issuedState();
      const token = await platform.signIdToken({
        ...platform.claims(learner, resource, nonce),
        [`${LTI}deployment_id`]: "not-registered",
      });
      await refused({ id_token: token, state }, 403, "deployment is not registered");
    });

    it("a wrong LTI version, an unknown message type, and an anonymous launch", async () => {
      let { state, nonce } = await issuedState();
      let token = await platform.signIdToken({
        ...platform.claims(learner, resource, nonce),
        [`${LTI}version`]: "1.1",
      });
      await refused({ id_token: token, state }, 400, "LTI version must be 1.3.0");
      ({ state, nonce } = await issuedState());
      token = await platform.signIdToken({
        ...platform.claims(learner, resource, nonce),
        [`${LTI}message_type`]: "LtiSubmissionReviewRequest",
      });
      await refused({ id_token: token, state }, 400, "LtiResourceLinkRequest and LtiDeepLinkingRequest");
      ({ state, nonce } = await issuedState());
      token = await platform.signIdToken({ ...platform.claims(learner, resource, nonce), sub: undefined });
      await refused({ id_token: token, state }, 400, "launched anonymously");
    });

    it("a body that is not a form, and an error the platform sent back instead of a token", async () => {
      const before = await launchFootprint();
      const res = await call(launchPost, { method: "POST", body: { id_token: "x" } });
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain("form post");
      await refused({ error: "login_required", error_description: "The user is not logged in" }, 400, "not logged in");
      // What the platform says is shown escaped: the page is the tool's, its text is not.
      const res2 = await postForm(launchPost, "/api/lti/launch", {
        error: "x",
        error_description: "<script>alert(1)</script>",
      });
      const page = await res2.text();
      expect(page).not.toContain("<script>alert(1)");
      expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(await launchFootprint()).toEqual(before);
    });
  });

  describe("organisations are kept apart", () => {
    it("the same LMS registered by two organisations: each launch lands only in its own, as separate accounts", async () => {
      const db = await getDb();
      const rowB = await registerStandIn(platform, orgB.id, { clientId: "org-b-client" });
      const outsider = await createUser({ name: "Org B admin" });
      await addMember({ userId: outsider.id, orgId: orgB.id, role: "admin" });

      // A login naming org B's client id is bound to org B's registration; the token says client A: refused.
      const url = new URL(platform.loginUrl({ hint: "learner-1", message: resourceMessage() }));
      url.searchParams.set("client_id", "org-b-client");
      const res = await login(url.toString());
      const auth = new URL(res.headers.get("location")!);
      expect(auth.searchParams.get("client_id")).toBe("org-b-client");
      const token = await platform.signIdToken(
        platform.claims(
          { sub: "lms-learner-1", roles: [ROLES.learner] },
          { kind: "resource", resourceLinkId: "r" },
          auth.searchParams.get("nonce")!,
        ),
      );
      const before = await launchFootprint();
      const refused = await postForm(launchPost, "/api/lti/launch", {
        id_token: token,
        state: auth.searchParams.get("state")!,
      });
      expect(refused.status).toBe(401);
      expect(await launchFootprint()).toEqual(before);

      // Signed for org B's client: the learner gets an account linked to org B's registration, in org B only.
      const res2 = await login(url.toString());
      const auth2 = new URL(res2.headers.get("location")!);
      const tokenB = await platform.signIdToken(
        platform.claims(
          { sub: "lms-learner-1", name: "Lea Learner", roles: [ROLES.learner] },
          { kind: "resource", resourceLinkId: "r" },
          auth2.searchParams.get("nonce")!,
        ),
        { aud: "org-b-client" },
      );
      const ok = await postForm(launchPost, "/api/lti/launch", {
        id_token: tokenB,
        state: auth2.searchParams.get("state")!,
      });
      expect(ok.status, await ok.clone().text()).toBe(303);
      const links = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "lms-learner-1"));
      expect(links).toHaveLength(2);
      const bUser = links.find((l) => l.platform_id === rowB.id)!.user_id;
      const aUser = links.find((l) => l.platform_id === platformA.id)!.user_id;
      expect(bUser).not.toBe(aUser);
      expect(
        (await db.select().from(memberships).where(eq(memberships.user_id, bUser))).map((m) => m.organization_id),
      ).toEqual([orgB.id]);
      expect(
        (await db.select().from(memberships).where(eq(memberships.user_id, aUser))).map((m) => m.organization_id),
      ).toEqual([orgA.id]);
      // Org B's course group is its own.
      const [courseB] = await db.select().from(ltiContexts).where(eq(ltiContexts.platform_id, rowB.id));
      const [groupB] = await db.select().from(groups).where(eq(groups.id, courseB.group_id!));
      expect(groupB.organization_id).toBe(orgB.id);
    });

    it("login without client_id is refused when the issuer is registered twice", async () => {
      const url = new URL(platform.loginUrl({ hint: "learner-1", message: resourceMessage() }));
      url.searchParams.delete("client_id");
      const res = await login(url.toString());
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("must send client_id");
    });
  });

  it("one address gets a lecture hall's worth of logins, then a 429 page (nothing stored)", async () => {
    const { LIMITS, resetAll, take } = await import("@/lib/rate-limit");
    const address = "203.0.113.9";
    for (let i = 0; i < LIMITS.ltiLaunchAddress.points; i++) await take("ltiLaunchAddress", address);
    const { GET } = await import("@/app/api/lti/login/route");
    const url = platform.loginUrl({ hint: "learner-1", message: resourceMessage() });
    const res = await getWith(GET, url, { "x-forwarded-for": address });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Too many launches");
    // Another address is not held up.
    expect((await getWith(GET, url, { "x-forwarded-for": "203.0.113.10" })).status).toBe(302);
    await resetAll();
  });
});
