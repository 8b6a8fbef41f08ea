import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as signout } from "@/app/api/protected/signout/route";
import { getDb } from "@/db";
import { creditAccounts, users } from "@/db/schema";
import { resolveSession } from "@/lib/auth/service";
import { encodeSessionToken } from "@/lib/auth/tokens";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";

const creds = { email: "Learner@Example.com", password: "s3cret-pass", name: "Lee Learner" };

describe("sign-up, sign-in and sign-out", () => {
  beforeEach(() => resetAll());

  it("creates an account with an argon2id hash and a credit account", async () => {
    const res = await call(signup, { body: creds });
    expect(res.status).toBe(201);
    expect(typeof res.json.message).toBe("string");
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, creds.email));
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const [credits] = await db.select().from(creditAccounts).where(eq(creditAccounts.user_id, user.id));
    expect(credits.credits_total).toBe(50);
    expect(credits.credits_used).toBe(0);
  });

  it("refuses the same email again, whatever its case", async () => {
    const res = await call(signup, { body: { ...creds, email: "learner@EXAMPLE.com" } });
    expect(res.status).toBe(409);
    expect(res.json.detail).toMatch(/already exists/);
  });

  it("answers validation failures with 422 and a list of {loc, msg}", async () => {
    const res = await call(signup, { body: { email: "not-an-email", password: "x" } });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: string[] }) => d.loc.at(-1))).toEqual(["email", "password"]);
    expect(res.json.detail[0].msg).toBe("Enter a valid email address");
  });

  it("answers malformed JSON and an empty body with 400", async () => {
    expect((await call(signin, { body: "{not json" })).status).toBe(400);
    const empty = await call(signin, { method: "POST" });
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe("Request body must be JSON");
  });

  it("signs in case-insensitively with a token, the user and a session cookie", async () => {
    const res = await call(signin, { body: { email: "LEARNER@example.com", password: creds.password } });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ name: "Lee Learner", isDev: false });
    expect(res.json.message).toBeTruthy();
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain(`parley.session-token=${res.json.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await resolveSession(res.json.token))?.user.id).toBe(res.json.user.id);
  });

  it("rejects a wrong password with 401 and the same detail as an unknown email", async () => {
    const wrong = await call(signin, { body: { email: creds.email, password: "nope-nope" } });
    const unknown = await call(signin, { body: { email: "nobody@example.com", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.detail).toBe(unknown.json.detail);
  });

  it("revokes the token at sign-out; the revoked token then gets 401", async () => {
    const { json } = await call(signin, { body: creds });
    const out = await call(signout, { method: "POST", token: json.token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const again = await call(signout, { method: "POST", token: json.token });
    expect(again.status).toBe(401);
  });

  it("accepts the session cookie from the same origin and refuses a cross-site write", async () => {
    const { json } = await call(signin, { body: creds });
    const cookie = `parley.session-token=${json.token}`;
    const cross = await call(signout, {
      method: "POST",
      cookie,
      headers: { origin: "https://evil.example", host: "localhost:3000" },
    });
    expect(cross.status).toBe(403);
    const same = await call(signout, {
      method: "POST",
      cookie,
      headers: { origin: "http://localhost:3000", host: "localhost:3000" },
    });
    expect(same.status).toBe(200);
  });

  it("gives 401 to missing, forged and expired tokens", async () => {
    expect((await call(signout, { method: "POST" })).json.detail).toBe("No authentication token found");
    expect((await call(signout, { method: "POST", token: "forged.token.value" })).status).toBe(401);
    const { json } = await call(signin, { body: creds });
    const claims = { sub: json.user.id, sid: "00000000-0000-0000-0000-000000000000", name: "x", email: "x" };
    const expired = await encodeSessionToken(claims, -10);
    expect((await call(signout, { method: "POST", token: expired })).status).toBe(401);
  });

  it("limits failed sign-ins per email with 429", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await call(signin, { body: { email: creds.email, password: `bad-${i}-pass` } })).status).toBe(401);
    }
    const blocked = await call(signin, { body: creds });
    expect(blocked.status).toBe(429);
    expect(blocked.json.detail).toMatch(/Too many sign-in attempts/);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
    // another email from the same address is not blocked
    expect((await call(signin, { body: { email: "other@example.com", password: "whatever1" } })).status).toBe(401);
  });

  it("ignores an old DEV_EMAILS: signing up never makes a developer (issue 10.3)", async () => {
    process.env.DEV_EMAILS = "dev@example.com";
    await call(signup, { body: { email: "Dev@Example.com", password: "developer-pass" } });
    const res = await call(signin, { body: { email: "dev@example.com", password: "developer-pass" } });
    expect(res.status).toBe(200);
    expect(res.json.user.isDev).toBe(false);
    delete process.env.DEV_EMAILS;
  });
});
