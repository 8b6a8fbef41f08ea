import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { POST as createProvider } from "@/app/api/organization/sso/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { getDb } from "@/db";
import { auditLog, memberships, userIdentities, users } from "@/db/schema";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { type OidcProviderStandIn, startOidcProvider } from "../helpers/oidc-provider";
import { CookieJar, sessionTokenIn, signInThroughSso, startSso } from "../helpers/sso-flow";

let idp: OidcProviderStandIn;
let org: Awaited<ReturnType<typeof createOrg>>;
let providerId: string;

beforeAll(async () => {
  idp = await startOidcProvider({ authMethods: ["client_secret_basic"] });
  org = await createOrg({ name: "Northfield University" });
  const admin = await createUser({ name: "Ada Admin" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  const res = await call(createProvider, {
    token: admin.token,
    body: {
      kind: "oidc",
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      allowed_domain: "uni.example",
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  providerId = res.json.id;
  idp.registerRedirectUri(res.json.redirect_uri);
});
afterAll(() => idp.close());
beforeEach(async () => {
  await resetAll();
  idp.misbehave({});
});

describe("issue 24.2: single sign-on through Auth.js", () => {
  it("a first sign-in creates an account without a password, joins the organisation and issues Parley's session", async () => {
    idp.signInAs({ sub: "s-first", email: "Lena.Learner@uni.example", email_verified: true, name: "Lena Learner" });
    const { arrived, started } = await signInThroughSso("lena.learner@uni.example", { next: "/grade/abc" });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(arrived!.status).toBe(303);
    expect(arrived!.location).toBe("http://localhost:3000/auth/sso/complete?next=%2Fgrade%2Fabc");
    expect(arrived!.setCookies.some((c) => /authjs\.session-token/.test(c))).toBe(false);
    const token = sessionTokenIn(arrived!.setCookies);
    expect(token).toBeTruthy();
    const dash = await call(dashboard, { cookie: `parley.session-token=${token}` });
    expect(dash.status).toBe(200);

    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, "lena.learner@uni.example"));
    expect(user.password_hash).toBeNull();
    expect(user.name).toBe("Lena Learner");
    const [member] = await db.select().from(memberships).where(eq(memberships.user_id, user.id));
    expect(member).toMatchObject({ organization_id: org.id, role: "member" });
    const [identity] = await db.select().from(userIdentities).where(eq(userIdentities.user_id, user.id));
    expect(identity).toMatchObject({ provider_id: providerId, subject: "s-first" });
    const audit = await db.select().from(auditLog).where(eq(auditLog.target_id, user.id));
    expect(audit.map((a) => a.action)).toEqual(["sso.account_created"]);

    // The authorisation request carried PKCE (S256), state, nonce and the login hint.
    const authz = idp.state.authorizationRequests.at(-1)!;
    expect(authz).toMatchObject({ code_challenge_method: "S256", login_hint: "lena.learner@uni.example" });
    expect(authz.state && authz.nonce && authz.code_challenge).toBeTruthy();
    expect(idp.state.tokenRequests.at(-1)).toMatchObject({ auth: "basic", status: 200 });
  });

  it("an unknown domain gets a clear 404 at the start", async () => {
    const res = await startSso(new CookieJar(), "someone@nowhere.example");
    expect(res.status).toBe(404);
    expect(res.json.detail).toMatch(/No organization has set up single sign-on for nowhere\.example/);
  });
});
