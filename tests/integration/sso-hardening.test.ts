import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { PATCH as updateProvider } from "@/app/api/organization/sso/[id]/route";
import { getDb } from "@/db";
import { memberships, sessions, userIdentities, users } from "@/db/schema";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { type OidcProviderStandIn, startOidcProvider } from "../helpers/oidc-provider";
import {
  arriveAtCallback,
  CookieJar,
  organizationWithProvider,
  sessionTokenIn,
  signInThroughSso,
  ssoRequest,
  startSso,
  visitProvider,
} from "../helpers/sso-flow";

let idp: OidcProviderStandIn;
let world: Awaited<ReturnType<typeof organizationWithProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider();
  world = await organizationWithProvider(idp, { domain: "uni.example" });
});
afterAll(() => idp.close());
beforeEach(async () => {
  await resetAll();
  idp.misbehave({});
});

const person = (extra: Record<string, unknown> = {}) => {
  const local = `p${randomUUID().slice(0, 8)}`;
  return { sub: `sub-${local}`, email: `${local}@uni.example`, email_verified: true, ...extra } as {
    sub: string;
    email: string;
  } & Record<string, unknown>;
};

async function counts() {
  const db = await getDb();
  const n = async (table: typeof users | typeof sessions | typeof userIdentities) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return { users: await n(users), sessions: await n(sessions), identities: await n(userIdentities) };
}

/** A refused sign-in: back on the sign-in page with the code, no session cookie, and nothing created. */
async function expectRefused(run: () => Promise<{ location: string; setCookies: string[] }>, code: string) {
  const before = await counts();
  const arrived = await run();
  expect(arrived.location).toBe(`http://localhost:3000/auth?sso_error=${code}`);
  expect(sessionTokenIn(arrived.setCookies)).toBeNull();
  expect(arrived.setCookies.some((c) => /authjs\.session-token/.test(c))).toBe(false);
  expect(await counts()).toEqual(before);
}

/** Starts a sign-in and comes back from the provider, stopping before the callback. */
async function startedAt(email: string) {
  const jar = new CookieJar();
  const started = await startSso(jar, email);
  expect(started.status).toBe(200);
  const { location } = await visitProvider(started.json.url);
  return { jar, callback: location };
}

describe("issue 24.2: the SSO sign-in refuses what it must", () => {
  it("a wrong state", async () => {
    const p = person();
    idp.signInAs(p);
    const { jar, callback } = await startedAt(p.email);
    const url = new URL(callback);
    url.searchParams.set("state", "forged-state");
    await expectRefused(() => arriveAtCallback(jar, url.toString()), "failed");
    expect(idp.state.tokenRequests.filter((r) => r.form.code === url.searchParams.get("code"))).toEqual([]);
  });

  it("a callback without the browser's state cookie (another browser, or a forged link)", async () => {
    const p = person();
    idp.signInAs(p);
    const { callback } = await startedAt(p.email);
    await expectRefused(() => arriveAtCallback(new CookieJar(), callback), "expired");
  });

  it("a wrong nonce in the ID token", async () => {
    const p = person();
    idp.signInAs(p);
    idp.misbehave({ nonce: "someone-elses-nonce" });
    const { jar, callback } = await startedAt(p.email);
    await expectRefused(() => arriveAtCallback(jar, callback), "failed");
  });

  it("a missing PKCE verifier: no token request is even made", async () => {
    const p = person();
    idp.signInAs(p);
    const { jar, callback } = await startedAt(p.email);
    for (const name of [...jar.cookies.keys()]) if (name.includes("pkce")) jar.cookies.delete(name);
    const tokenRequests = idp.state.tokenRequests.length;
    await expectRefused(() => arriveAtCallback(jar, callback), "failed");
    expect(idp.state.tokenRequests.length).toBe(tokenRequests);
  });

  it("another sign-in's PKCE verifier: the provider refuses the code", async () => {
    const p = person();
    idp.signInAs(p);
    const mine = await startedAt(p.email);
    const other = await startedAt(p.email);
    const pkce = [...other.jar.cookies.keys()].find((k) => k.includes("pkce"))!;
    mine.jar.cookies.set(pkce, other.jar.cookies.get(pkce)!);
    await expectRefused(() => arriveAtCallback(mine.jar, mine.callback), "failed");
    expect(idp.state.tokenRequests.at(-1)).toMatchObject({ status: 400 });
  });

  it("an ID token signed with a key that is not in the issuer's JWKS", async () => {
    const p = person();
    idp.signInAs(p);
    idp.misbehave({ foreignKey: true });
    await expectRefused(async () => (await signInThroughSso(p.email)).arrived!, "failed");
  });

  it("an ID token from another issuer", async () => {
    const p = person();
    idp.signInAs(p);
    idp.misbehave({ issuer: "https://evil.example" });
    await expectRefused(async () => (await signInThroughSso(p.email)).arrived!, "failed");
  });

  it("a replayed code: the first use signs in, the replay (even with the same cookies) does not", async () => {
    const p = person();
    idp.signInAs(p);
    const { jar, callback } = await startedAt(p.email);
    const copy = jar.clone();
    const first = await arriveAtCallback(jar, callback);
    expect(sessionTokenIn(first.setCookies)).toBeTruthy();
    await expectRefused(() => arriveAtCallback(copy, callback), "failed");
    // The browser itself no longer holds the state: replaying from it ends before the provider.
    await expectRefused(() => arriveAtCallback(jar, callback), "expired");
  });

  it("an unverified e-mail, for a new account and for an existing one", async () => {
    const p = person({ email_verified: false });
    idp.signInAs(p);
    await expectRefused(async () => (await signInThroughSso(p.email)).arrived!, "unverified");
    const existing = await createUser({ email: `owner-${randomUUID().slice(0, 6)}@uni.example` });
    idp.signInAs({ sub: "claims-owner", email: existing.email });
    await expectRefused(async () => (await signInThroughSso(existing.email)).arrived!, "unverified");
    const identities = await (
      await getDb()
    )
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.user_id, existing.id));
    expect(identities).toEqual([]);
  });

  it("a domain the provider does not allow, even when verified", async () => {
    idp.signInAs({ sub: "outsider", email: "outsider@elsewhere.example", email_verified: true });
    await expectRefused(async () => (await signInThroughSso("someone@uni.example")).arrived!, "domain");
  });

  it("no e-mail in the token", async () => {
    idp.signInAs({ sub: "anonymous-sub" });
    await expectRefused(async () => (await signInThroughSso("someone@uni.example")).arrived!, "no_email");
  });

  it("the identity provider's own refusal is shown as a sentence", async () => {
    idp.misbehave({ authorizationError: "access_denied" });
    await expectRefused(async () => (await signInThroughSso("someone@uni.example")).arrived!, "denied");
  });

  it("a disabled provider: the start says so, and a sign-in already under way is refused", async () => {
    const p = person();
    idp.signInAs(p);
    const { jar, callback } = await startedAt(p.email);
    const off = await call(updateProvider, {
      method: "PATCH",
      token: world.admin.token,
      params: { id: world.providerId },
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    try {
      const start = await startSso(new CookieJar(), p.email);
      expect(start.status).toBe(403);
      expect(start.json.detail).toMatch(/Single sign-on for uni\.example is turned off/);
      await expectRefused(() => arriveAtCallback(jar, callback), "unavailable");
    } finally {
      await call(updateProvider, {
        method: "PATCH",
        token: world.admin.token,
        params: { id: world.providerId },
        body: { enabled: true },
      });
    }
  });

  it("another organisation's account is never signed in through this organisation's provider", async () => {
    const orgB = await createOrg({ name: "Org B" });
    const theirs = await createUser({ email: `b-member-${randomUUID().slice(0, 6)}@uni.example` });
    await addMember({ userId: theirs.id, orgId: orgB.id, role: "admin" });
    idp.signInAs({ sub: "rogue", email: theirs.email, email_verified: true });
    await expectRefused(async () => (await signInThroughSso(theirs.email)).arrived!, "other_organization");
    const rows = await (await getDb()).select().from(memberships).where(eq(memberships.user_id, theirs.id));
    expect(rows.map((r) => r.organization_id)).toEqual([orgB.id]);
  });

  it("a developer account is never signed in through an organisation's provider", async () => {
    const dev = await createUser({ email: `dev-${randomUUID().slice(0, 6)}@uni.example`, isDev: true });
    idp.signInAs({ sub: "dev-sub", email: dev.email, email_verified: true });
    await expectRefused(async () => (await signInThroughSso(dev.email)).arrived!, "developer");
  });

  it("a callback for an unknown provider goes back to the sign-in page; a name that is no provider id is a 404", async () => {
    const jar = new CookieJar();
    jar.cookies.set("authjs.state", "x");
    const unknown = await arriveAtCallback(
      jar,
      `http://localhost:3000/api/sso/callback/${randomUUID()}?code=x&state=x`,
    );
    expect(unknown.location).toBe("http://localhost:3000/auth?sso_error=unavailable");
    const named = await ssoRequest("GET", "/api/sso/callback/github?code=x&state=x");
    expect(named.status).toBe(404);
  });
});

describe("issue 24.2: Auth.js answers only what SSO needs", () => {
  beforeEach(() => resetAll());

  it("session, CSRF, providers, pages, sign-out and credentials are JSON 404s that set no cookie", async () => {
    const member = await createUser({ email: `pw-${randomUUID().slice(0, 6)}@uni.example` });
    const requests: ["GET" | "POST", string, string?][] = [
      ["GET", "/api/sso/session"],
      ["GET", "/api/sso/csrf"],
      ["GET", "/api/sso/providers"],
      ["GET", "/api/sso/signin"],
      ["GET", `/api/sso/signin/${world.providerId}`],
      ["POST", `/api/sso/signin/${world.providerId}`, "csrfToken=x&callbackUrl=%2F"],
      ["GET", "/api/sso/signout"],
      ["POST", "/api/sso/signout", "csrfToken=x"],
      ["POST", "/api/sso/session", "csrfToken=x"],
      ["GET", "/api/sso/error"],
      [
        "POST",
        "/api/sso/callback/credentials",
        `email=${encodeURIComponent(member.email)}&password=correct-horse-battery`,
      ],
    ];
    for (const [method, path, body] of requests) {
      const res = await ssoRequest(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.getSetCookie(), `${method} ${path}`).toEqual([]);
      expect(await res.json()).toEqual({ detail: "No API route at this path" });
    }
  });

  it("limits SSO starts and callbacks per address (300 per 15 minutes, like sign-in)", async () => {
    const answers = await Promise.all(
      Array.from({ length: 301 }, () => startSso(new CookieJar(), "x@nowhere.example", { ip: "203.0.113.40" })),
    );
    expect(answers.filter((a) => a.status === 404)).toHaveLength(300);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.json.detail).toMatch(/Too many single sign-on attempts/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await startSso(new CookieJar(), "x@nowhere.example", { ip: "203.0.113.41" })).status).toBe(404);
  });

  it("no client secret, code, token or e-mail reaches the log, whatever fails", async () => {
    const lines: string[] = [];
    const spies = (["log", "error", "warn", "info", "debug"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(" "));
      }),
    );
    const p = person();
    idp.signInAs(p);
    try {
      for (const m of [{ nonce: "bad" }, { foreignKey: true }, { issuer: "https://x.example" }, {}]) {
        idp.misbehave(m);
        await signInThroughSso(p.email);
      }
      const { jar, callback } = await startedAt(p.email);
      await arriveAtCallback(jar.clone(), callback);
      await arriveAtCallback(jar, callback); // the replay: invalid_grant from the provider
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    const log = lines.join("\n");
    expect(log).not.toContain(idp.clientSecret);
    expect(log).not.toContain(p.email);
    for (const r of idp.state.tokenRequests) expect(log).not.toContain(r.form.code);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT
    expect(log).not.toMatch(/\n\s+at /); // no stack trace
  });
});
