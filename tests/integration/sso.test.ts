import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { getDb } from "@/db";
import { auditLog, memberships, userIdentities, users } from "@/db/schema";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { addMember, createUser, TEST_PASSWORD } from "../helpers/factories";
import { type OidcProviderStandIn, startOidcProvider } from "../helpers/oidc-provider";
import { CookieJar, organizationWithProvider, sessionTokenIn, signInThroughSso, startSso } from "../helpers/sso-flow";

let idp: OidcProviderStandIn;
let world: Awaited<ReturnType<typeof organizationWithProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider({ authMethods: ["client_secret_basic"] });
  world = await organizationWithProvider(idp, { domain: "uni.example", name: "Northfield University" });
});
afterAll(() => idp.close());
beforeEach(async () => {
  await resetAll();
  idp.misbehave({});
});

const person = (local: string, extra: Record<string, unknown> = {}) => ({
  sub: `sub-${local}-${randomUUID().slice(0, 6)}`,
  email: `${local}@uni.example`,
  email_verified: true,
  ...extra,
});

async function userByEmail(email: string) {
  const [row] = await (await getDb()).select().from(users).where(eq(users.email, email));
  return row;
}

describe("issue 24.2: single sign-on through Auth.js", () => {
  it("a first sign-in creates an account without a password, joins the organisation and issues Parley's session", async () => {
    idp.signInAs({ ...person("lena.learner"), email: "Lena.Learner@uni.example", name: "Lena Learner" });
    const { arrived, started } = await signInThroughSso("lena.learner@uni.example", { next: "/grade/abc" });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(arrived!.status).toBe(303);
    expect(arrived!.location).toBe("http://localhost:3000/auth/sso/complete?next=%2Fgrade%2Fabc");
    expect(arrived!.setCookies.some((c) => /authjs\.session-token/.test(c))).toBe(false);
    const token = sessionTokenIn(arrived!.setCookies);
    expect(arrived!.setCookies.find((c) => c.startsWith("parley.session-token="))).toMatch(/HttpOnly; SameSite=Lax/);
    const dash = await call(dashboard, { cookie: `parley.session-token=${token}` });
    expect(dash.status).toBe(200);

    const user = await userByEmail("lena.learner@uni.example");
    expect(user.password_hash).toBeNull();
    expect(user.name).toBe("Lena Learner");
    const db = await getDb();
    const [member] = await db.select().from(memberships).where(eq(memberships.user_id, user.id));
    expect(member).toMatchObject({ organization_id: world.org.id, role: "member" });
    const [identity] = await db.select().from(userIdentities).where(eq(userIdentities.user_id, user.id));
    expect(identity).toMatchObject({ provider_id: world.providerId });
    const audit = await db.select().from(auditLog).where(eq(auditLog.target_id, user.id));
    expect(audit.map((a) => a.action)).toEqual(["sso.account_created"]);

    // The authorisation request carried PKCE (S256), state, nonce and the login hint; the token request the verifier.
    const authz = idp.state.authorizationRequests.at(-1)!;
    expect(authz).toMatchObject({ code_challenge_method: "S256", login_hint: "lena.learner@uni.example" });
    expect(authz.state && authz.nonce && authz.code_challenge).toBeTruthy();
    expect(idp.state.tokenRequests.at(-1)).toMatchObject({ auth: "basic", status: 200 });
    expect(idp.state.tokenRequests.at(-1)!.form.code_verifier).toMatch(/^[\w-]{43,}$/);
  });

  it("the account has no password: the one password path refuses it, and the next SSO sign-in finds it by subject", async () => {
    const p = person("sam");
    idp.signInAs(p);
    await signInThroughSso(p.email);
    const res = await call(signin, { body: { email: p.email, password: "any-password-at-all" } });
    expect(res.status).toBe(401);
    // The address changed at the provider (same person, same subject): still the same account.
    idp.signInAs({ ...p, email: "sam.smith@uni.example" });
    const again = await signInThroughSso("sam.smith@uni.example");
    expect(sessionTokenIn(again.arrived!.setCookies)).toBeTruthy();
    expect(await userByEmail("sam.smith@uni.example")).toBeUndefined();
    const [identity] = await (await getDb()).select().from(userIdentities).where(eq(userIdentities.subject, p.sub));
    expect(identity.email).toBe("sam.smith@uni.example");
    expect(identity.last_signed_in_at).toBeTruthy();
  });

  it("links an existing account (no organisation yet) by its verified address; its password keeps working", async () => {
    const existing = await createUser({ email: "rita@uni.example", name: "Rita" });
    idp.signInAs(person("rita"));
    const { arrived } = await signInThroughSso("rita@uni.example");
    expect(arrived!.location).toMatch(/\/auth\/sso\/complete/);
    const db = await getDb();
    const [identity] = await db.select().from(userIdentities).where(eq(userIdentities.user_id, existing.id));
    expect(identity.provider_id).toBe(world.providerId);
    const [member] = await db.select().from(memberships).where(eq(memberships.user_id, existing.id));
    expect(member.role).toBe("member");
    const audit = await db.select().from(auditLog).where(eq(auditLog.target_id, existing.id));
    expect(audit.map((a) => a.action)).toEqual(["sso.account_linked"]);
    expect((await call(signin, { body: { email: "rita@uni.example", password: TEST_PASSWORD } })).status).toBe(200);
  });

  it("an admin of the provider's organisation stays an admin", async () => {
    const admin = await createUser({ email: "dean@uni.example" });
    await addMember({ userId: admin.id, orgId: world.org.id, role: "admin" });
    idp.signInAs(person("dean"));
    const { arrived } = await signInThroughSso("dean@uni.example");
    expect(sessionTokenIn(arrived!.setCookies)).toBeTruthy();
    const [member] = await (
      await getDb()
    )
      .select()
      .from(memberships)
      .where(and(eq(memberships.user_id, admin.id), eq(memberships.organization_id, world.org.id)));
    expect(member.role).toBe("admin");
  });

  it("two first sign-ins of one person at once make one account", async () => {
    const p = person("twin");
    idp.signInAs(p);
    const flows = await Promise.all([0, 1].map(() => signInThroughSso(p.email)));
    for (const f of flows) expect(sessionTokenIn(f.arrived!.setCookies)).toBeTruthy();
    const rows = await (await getDb()).select().from(users).where(eq(users.email, p.email));
    expect(rows).toHaveLength(1);
  });

  it("returns only to a path on this site: other hosts, schemes and our API fall back to /dashboard", async () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/api/protected/dashboard"]) {
      const p = person("redirect");
      idp.signInAs(p);
      const { arrived } = await signInThroughSso(p.email, { next });
      expect(arrived!.location, next).toBe("http://localhost:3000/auth/sso/complete?next=%2Fdashboard");
    }
  });

  it("the redirect URI and cookies follow the host the browser used (127.0.0.1 stays 127.0.0.1)", async () => {
    const { NextRequest } = await import("next/server");
    const { POST: start } = await import("@/app/api/sso/start/route");
    idp.registerRedirectUri(world.redirectUri.replace("localhost", "127.0.0.1"));
    const req = new NextRequest("http://127.0.0.1:3000/api/sso/start", {
      method: "POST",
      headers: { "content-type": "application/json", host: "127.0.0.1:3000" },
      body: JSON.stringify({ email: "host@uni.example" }),
    });
    const res = await start(req, { params: Promise.resolve({}) });
    const { url } = await res.json();
    expect(new URL(url).searchParams.get("redirect_uri")).toBe(
      `http://127.0.0.1:3000/api/sso/callback/${world.providerId}`,
    );
  });

  it("an unknown domain gets a clear 404 at the start", async () => {
    const res = await startSso(new CookieJar(), "someone@nowhere.example");
    expect(res.status).toBe(404);
    expect(res.json.detail).toMatch(/No organization has set up single sign-on for nowhere\.example/);
  });
});

describe("issue 24.2: each kind of provider", () => {
  it("an issuer that accepts only client_secret_post gets it", async () => {
    const post = await startOidcProvider({ authMethods: ["client_secret_post"] });
    try {
      await organizationWithProvider(post, { domain: "post.example" });
      post.signInAs({ sub: "p1", email: "pat@post.example", email_verified: true });
      const { arrived } = await signInThroughSso("pat@post.example");
      expect(sessionTokenIn(arrived!.setCookies)).toBeTruthy();
      expect(post.state.tokenRequests.at(-1)).toMatchObject({ auth: "post", status: 200 });
    } finally {
      await post.close();
    }
  });

  it("Microsoft Entra ID: the e-mail counts as verified only with xms_edov (or the verified primary e-mail), from the configured tenant", async () => {
    const tenant = randomUUID();
    const entra = await startOidcProvider({ issuerPath: `/${tenant}/v2.0` });
    try {
      await organizationWithProvider(entra, { domain: "entra.example", kind: "entra" });
      const base = { email: "eve@entra.example", tid: tenant };
      entra.signInAs({ sub: "e1", ...base });
      expect((await signInThroughSso(base.email)).arrived!.location).toMatch(/sso_error=unverified$/);
      entra.signInAs({ sub: "e1", ...base, email_verified: true });
      expect((await signInThroughSso(base.email)).arrived!.location).toMatch(/sso_error=unverified$/);
      entra.signInAs({ sub: "e1", ...base, xms_edov: true, tid: randomUUID() });
      expect((await signInThroughSso(base.email)).arrived!.location).toMatch(/sso_error=failed$/);
      entra.signInAs({ sub: "e1", ...base, xms_edov: true });
      expect(sessionTokenIn((await signInThroughSso(base.email)).arrived!.setCookies)).toBeTruthy();
      entra.signInAs({
        sub: "e2",
        email: "ed@entra.example",
        tid: tenant,
        verified_primary_email: ["ed@entra.example"],
      });
      expect(sessionTokenIn((await signInThroughSso("ed@entra.example")).arrived!.setCookies)).toBeTruthy();
    } finally {
      await entra.close();
    }
  });

  it("Google Workspace: the hosted domain (hd) must be the allowed domain; the request narrows the chooser to it", async () => {
    const google = await startOidcProvider();
    try {
      await organizationWithProvider(google, { domain: "school.example", kind: "google" });
      google.signInAs({ sub: "g1", email: "gia@school.example", email_verified: true });
      expect((await signInThroughSso("gia@school.example")).arrived!.location).toMatch(/sso_error=domain$/);
      google.signInAs({ sub: "g1", email: "gia@school.example", email_verified: true, hd: "other.example" });
      expect((await signInThroughSso("gia@school.example")).arrived!.location).toMatch(/sso_error=domain$/);
      google.signInAs({ sub: "g1", email: "gia@school.example", email_verified: true, hd: "school.example" });
      expect(sessionTokenIn((await signInThroughSso("gia@school.example")).arrived!.setCookies)).toBeTruthy();
      expect(google.state.authorizationRequests.at(-1)!.hd).toBe("school.example");
    } finally {
      await google.close();
    }
  });
});
