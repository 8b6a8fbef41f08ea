import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as register } from "@/app/api/lti/register/[token]/route";
import {
  DELETE as deletePlatformRoute,
  PUT as updatePlatformRoute,
} from "@/app/api/organization/lti/platforms/[id]/route";
import { GET as listPlatformsRoute, POST as createPlatformRoute } from "@/app/api/organization/lti/platforms/route";
import { DELETE as revokeLinks, POST as createLink } from "@/app/api/organization/lti/registrations/route";
import { getDb } from "@/db";
import { insertRegistrationToken } from "@/db/queries/lti-launch";
import { auditLog, ltiDeployments, ltiPlatforms, ltiRegistrationTokens } from "@/db/schema";
import { sha256 } from "@/lib/lti/sealed";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { type LtiPlatformStandIn, ROLES, startLtiPlatform } from "../helpers/lti-platform";
import { launch, launchFootprint, postForm, TOOL } from "./lti-launch-helpers";

type User = Awaited<ReturnType<typeof createUser>>;

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const registerWith = (token: string, fields: Record<string, string>) =>
  register(
    new NextRequest(new URL(`/api/lti/register/${token}`, TOOL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({ token }) },
  );

describe("LTI registration", () => {
  let platform: LtiPlatformStandIn;
  let admin: User;
  let otherAdmin: User;
  let orgId: string;

  beforeAll(async () => {
    platform = await startLtiPlatform({ toolOrigin: TOOL });
    const org = await createOrg({ name: "Riverside University" });
    const other = await createOrg({ name: "Other College" });
    orgId = org.id;
    admin = await createUser({ name: "Ada Admin" });
    otherAdmin = await createUser({ name: "Otto Other" });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
  });
  afterAll(() => platform.close());

  const newLink = async () => {
    const res = await call(createLink, { method: "POST", token: admin.token });
    expect(res.status).toBe(201);
    return res.json as { url: string; expires_at: string };
  };

  describe("Dynamic Registration", () => {
    it("an admin's one-time link registers the LMS in that organisation, and its launches then work", async () => {
      const link = await newLink();
      expect(link.url).toMatch(new RegExp(`^${TOOL}/lti/register/[\\w-]{43}$`));
      const db = await getDb();
      // Only the hash is stored.
      const rows = await db
        .select()
        .from(ltiRegistrationTokens)
        .where(eq(ltiRegistrationTokens.organization_id, orgId));
      expect(rows.map((r) => r.token_hash)).toContain(sha256(tokenOf(link.url)));
      expect(JSON.stringify(rows)).not.toContain(tokenOf(link.url));

      const res = await registerWith(tokenOf(link.url), {
        openid_configuration: platform.openidConfigurationUrl(),
        registration_token: platform.newRegistrationToken(),
      });
      expect(res.status, await res.clone().text()).toBe(303);
      expect(res.headers.get("location")).toBe(`/lti/register/${tokenOf(link.url)}?done=1`);

      // What Parley sent the platform (LTI DR 1.0, 3.3).
      const sent = platform.state.registrations.at(-1)!;
      expect(sent).toMatchObject({
        application_type: "web",
        initiate_login_uri: `${TOOL}/api/lti/login`,
        redirect_uris: [`${TOOL}/api/lti/launch`],
        jwks_uri: `${TOOL}/api/lti/jwks`,
        token_endpoint_auth_method: "private_key_jwt",
        grant_types: ["implicit", "client_credentials"],
      });
      expect(String(sent.scope)).toContain("https://purl.imsglobal.org/spec/lti-ags/scope/score");
      const config = sent["https://purl.imsglobal.org/spec/lti-tool-configuration"] as { messages: { type: string }[] };
      expect(config.messages.map((m) => m.type)).toEqual(["LtiResourceLinkRequest", "LtiDeepLinkingRequest"]);

      const [stored] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.client_id, platform.state.clientId));
      expect(stored).toMatchObject({
        organization_id: orgId,
        issuer: platform.issuer,
        auth_login_url: platform.authUrl(),
        auth_token_url: platform.tokenUrl(),
        jwks_url: platform.jwksUrl(),
      });
      const deployments = await db.select().from(ltiDeployments).where(eq(ltiDeployments.platform_id, stored.id));
      expect(deployments.map((d) => d.deployment_id)).toEqual([platform.state.deploymentId]);
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.target_id, stored.id));
      expect(entry).toMatchObject({ action: "lti.platform.registered", organization_id: orgId });

      platform.addUser("l", { sub: "dyn-learner", name: "Dyn Learner", roles: [ROLES.learner] });
      const launched = await launch(platform, "l", platform.addMessage({ kind: "resource", resourceLinkId: "a" }));
      expect(launched.status, await launched.clone().text()).toBe(303);

      // The link is used up.
      const again = await registerWith(tokenOf(link.url), {
        openid_configuration: platform.openidConfigurationUrl(),
        registration_token: platform.newRegistrationToken(),
      });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("expired or was already used");
    });

    it("a refused registration (the platform's token is wrong) stores nothing and leaves the link usable", async () => {
      const link = await newLink();
      const before = await launchFootprint();
      const platforms = (await (await getDb()).select().from(ltiPlatforms)).length;
      const res = await registerWith(tokenOf(link.url), {
        openid_configuration: platform.openidConfigurationUrl(),
        registration_token: "not-the-platform-token",
      });
      expect(res.status).toBe(502);
      expect(await res.text()).toContain("refused Parley");
      expect((await (await getDb()).select().from(ltiPlatforms)).length).toBe(platforms);
      expect(await launchFootprint()).toMatchObject({ ...before, audit_log: before.audit_log });

      // An issuer on another host than its configuration is refused too.
      const foreign = platform.openidConfigurationUrl().replace("127.0.0.1", "localhost");
      const res2 = await registerWith(tokenOf(link.url), {
        openid_configuration: foreign,
        registration_token: platform.newRegistrationToken(),
      });
      expect(res2.status).toBe(400);
      expect(await res2.text()).toContain("does not match the host");

      // And a configuration URL that is not one, or an unreachable platform.
      const res3 = await registerWith(tokenOf(link.url), { openid_configuration: "javascript:alert(1)" });
      expect(res3.status).toBe(400);
      const res4 = await registerWith(tokenOf(link.url), { openid_configuration: "http://127.0.0.1:9/config" });
      expect(res4.status).toBe(502);

      // Still usable after all that.
      const ok = await registerWith(tokenOf(link.url), {
        openid_configuration: platform.openidConfigurationUrl(),
        registration_token: platform.newRegistrationToken(),
      });
      expect(ok.status).toBe(303);
    });

    it("unknown, expired and revoked links are refused", async () => {
      expect(
        (await registerWith("x".repeat(43), { openid_configuration: platform.openidConfigurationUrl() })).status,
      ).toBe(404);
      await insertRegistrationToken(await getDb(), {
        tokenHash: sha256("expired-token-expired-token"),
        organizationId: orgId,
        createdBy: admin.id,
        expiresAt: new Date(Date.now() - 1000),
      });
      const expired = await registerWith("expired-token-expired-token", {
        openid_configuration: platform.openidConfigurationUrl(),
      });
      expect(expired.status).toBe(400);

      const link = await newLink();
      const revoked = await call(revokeLinks, { method: "DELETE", token: admin.token });
      expect(revoked.json.revoked).toBeGreaterThanOrEqual(1);
      expect(
        (await registerWith(tokenOf(link.url), { openid_configuration: platform.openidConfigurationUrl() })).status,
      ).toBe(404);
      // Another organisation's admin revokes only their own.
      const mine = await newLink();
      expect((await call(revokeLinks, { method: "DELETE", token: otherAdmin.token })).json.revoked).toBe(0);
      const ok = await registerWith(tokenOf(mine.url), {
        openid_configuration: platform.openidConfigurationUrl(),
        registration_token: platform.newRegistrationToken(),
      });
      expect(ok.status).toBe(303);
    });
  });

  describe("manual registration", () => {
    const body = (over: Record<string, unknown> = {}) => ({
      name: "Moodle",
      issuer: "https://moodle.uni.test",
      client_id: "abc123",
      auth_login_url: "https://moodle.uni.test/mod/lti/auth.php",
      auth_token_url: "https://moodle.uni.test/mod/lti/token.php",
      jwks_url: "https://moodle.uni.test/mod/lti/certs.php",
      deployment_ids: ["7", "7", " 8 "],
      ...over,
    });

    it("creates, lists, edits and deletes a registration, each audited", async () => {
      const created = await call(createPlatformRoute, { method: "POST", token: admin.token, body: body() });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(created.json).toMatchObject({
        issuer: "https://moodle.uni.test",
        deployment_ids: ["7", "8"],
        instructors_become_admins: false,
        registered_by: "manual",
      });
      const id = created.json.id;

      const list = await call(listPlatformsRoute, { token: admin.token });
      expect(list.json.tool).toMatchObject({
        login: `${TOOL}/api/lti/login`,
        launch: `${TOOL}/api/lti/launch`,
        jwks: `${TOOL}/api/lti/jwks`,
      });
      expect(list.json.platforms.map((p: { id: string }) => p.id)).toContain(id);
      // Another organisation's admin sees only their own.
      const theirs = await call(listPlatformsRoute, { token: otherAdmin.token });
      expect(theirs.json.platforms).toEqual([]);

      const updated = await call(updatePlatformRoute, {
        method: "PUT",
        token: admin.token,
        params: { id },
        body: body({ deployment_ids: ["8", "9"], instructors_become_admins: true }),
      });
      expect(updated.json).toMatchObject({ deployment_ids: ["8", "9"], instructors_become_admins: true });
      expect(
        (await call(updatePlatformRoute, { method: "PUT", token: otherAdmin.token, params: { id }, body: body() }))
          .status,
      ).toBe(404);

      const dup = await call(createPlatformRoute, { method: "POST", token: otherAdmin.token, body: body() });
      expect(dup.status).toBe(409);

      expect(
        (await call(deletePlatformRoute, { method: "DELETE", token: otherAdmin.token, params: { id } })).status,
      ).toBe(404);
      expect((await call(deletePlatformRoute, { method: "DELETE", token: admin.token, params: { id } })).status).toBe(
        200,
      );
      const actions = (await (await getDb()).select().from(auditLog).where(eq(auditLog.target_id, id))).map(
        (a) => a.action,
      );
      expect(actions.sort()).toEqual(["lti.platform.created", "lti.platform.deleted", "lti.platform.updated"]);
    });

    it("refuses bad input field by field", async () => {
      const res = await call(createPlatformRoute, {
        method: "POST",
        token: admin.token,
        body: body({ issuer: "not a url", jwks_url: "ftp://x", deployment_ids: [] }),
      });
      expect(res.status).toBe(422);
      const fields = (res.json.detail as { loc: string[] }[]).map((d) => d.loc[1]);
      expect(fields).toEqual(expect.arrayContaining(["issuer", "jwks_url", "deployment_ids"]));
    });
  });

  it("a deleted registration's launches stop with a clear page", async () => {
    const other = await startLtiPlatform({ toolOrigin: TOOL });
    try {
      const created = await call(createPlatformRoute, {
        method: "POST",
        token: admin.token,
        body: {
          issuer: other.issuer,
          client_id: other.state.clientId,
          auth_login_url: other.authUrl(),
          auth_token_url: other.tokenUrl(),
          jwks_url: other.jwksUrl(),
          deployment_ids: [other.state.deploymentId],
        },
      });
      other.addUser("u", { sub: "u", roles: [ROLES.learner] });
      expect((await launch(other, "u", other.addMessage({ kind: "resource", resourceLinkId: "r" }))).status).toBe(303);
      await call(deletePlatformRoute, { method: "DELETE", token: admin.token, params: { id: created.json.id } });
      const res = await postForm(
        (await import("@/app/api/lti/login/route")).POST,
        "/api/lti/login",
        Object.fromEntries(new URL(other.loginUrl({ hint: "u", message: "m" })).searchParams),
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("not registered with Parley");
    } finally {
      await other.close();
    }
  });
});
