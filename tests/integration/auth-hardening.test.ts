import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { POST as signout } from "@/app/api/protected/signout/route";
import { POST as join } from "@/app/api/public/waitlist/route";
import { getDb } from "@/db";
import { insertUserWithCredits } from "@/db/queries/users";
import { rateLimits, users } from "@/db/schema";
import { bootstrapDeveloper, promoteDeveloper } from "@/lib/auth/developers";
import { hashPassword } from "@/lib/auth/password";
import { passwordProblem } from "@/lib/auth/password-policy";
import { DEMO_PASSWORD } from "@/lib/demo/seed";
import { generatePassword } from "@/lib/dev/credentials";
import { errorResponse } from "@/lib/errors";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const from = (ip: string) => ({ "x-forwarded-for": ip });
const PASSWORD = "a-long-good-passphrase";

async function account(email: string) {
  const res = await call(signup, { body: { email, password: PASSWORD, name: "Owner" }, headers: from("192.0.2.250") });
  expect(res.status).toBe(201);
}

/** Captures everything written to the console while `fn` runs. */
async function captureLogs(fn: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spies = (["log", "error", "warn", "info"] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            a instanceof Error
              ? `${a.message}\n${a.stack}\n${JSON.stringify(a)}`
              : typeof a === "string"
                ? a
                : JSON.stringify(a),
          )
          .join(" "),
      );
    }),
  );
  try {
    await fn();
  } finally {
    spies.forEach((s) => s.mockRestore());
  }
  return lines.join("\n");
}

describe("issue 10: sign-in and the defaults around it", () => {
  beforeEach(() => resetAll());
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.DEV_EMAILS;
    delete process.env.COOKIE_SECURE;
  });

  // Point 3
  it("never grants developer rights at sign-up or sign-in, even with an old DEV_EMAILS set", async () => {
    process.env.DEV_EMAILS = "claimer@example.com";
    await account("claimer@example.com");
    const res = await call(signin, { body: { email: "claimer@example.com", password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json.user.isDev).toBe(false);
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, "claimer@example.com"));
    expect(row.is_dev).toBe(false);
  });

  it("BOOTSTRAP_DEV_* creates the developer once and never changes or promotes an existing account", async () => {
    const db = await getDb();
    const config = {
      BOOTSTRAP_DEV_EMAIL: "ops@example.com",
      BOOTSTRAP_DEV_PASSWORD: "ops-start-passphrase",
      DEFAULT_CREDITS: 50,
    };
    const log: string[] = [];
    expect(await bootstrapDeveloper(db, config, (l) => log.push(l))).toBe("created");
    expect(log.join("\n")).not.toContain(config.BOOTSTRAP_DEV_PASSWORD);
    const ok = await call(signin, { body: { email: "ops@example.com", password: "ops-start-passphrase" } });
    expect(ok.json.user.isDev).toBe(true);
    // A second start with another password changes nothing.
    expect(await bootstrapDeveloper(db, { ...config, BOOTSTRAP_DEV_PASSWORD: "a-different-passphrase" })).toBe(
      "exists",
    );
    expect(
      (await call(signin, { body: { email: "ops@example.com", password: "a-different-passphrase" } })).status,
    ).toBe(401);
    // An existing ordinary account with that email is not promoted.
    await account("someone@example.com");
    expect(await bootstrapDeveloper(db, { ...config, BOOTSTRAP_DEV_EMAIL: "someone@example.com" })).toBe("exists");
    const [someone] = await db.select().from(users).where(eq(users.email, "someone@example.com"));
    expect(someone.is_dev).toBe(false);
    // A common password is refused.
    expect(
      await bootstrapDeveloper(
        db,
        { ...config, BOOTSTRAP_DEV_EMAIL: "weak@example.com", BOOTSTRAP_DEV_PASSWORD: "password1" },
        () => {},
      ),
    ).toBe("invalid");
  });

  it("user:promote-dev promotes an existing account and says what it did", async () => {
    const db = await getDb();
    await account("promote-me@example.com");
    expect(await promoteDeveloper(db, "Promote-Me@example.com")).toBe("promoted");
    expect(await promoteDeveloper(db, "promote-me@example.com")).toBe("already");
    expect(await promoteDeveloper(db, "nobody@example.com")).toBe("missing");
    const res = await call(signin, { body: { email: "promote-me@example.com", password: PASSWORD } });
    expect(res.json.user.isDev).toBe(true);
  });

  // Point 4
  it("reserves each attempt before hashing: 50 parallel wrong guesses evaluate at most 10 passwords", async () => {
    await account("raced@example.com");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(signin, {
          body: { email: "raced@example.com", password: `wrong-guess-${i}` },
          headers: from("203.0.113.50"),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // Every 401 is one evaluated password; every 429 was refused before hashing.
    // Even the right password is refused from that address now.
    expect(
      (await call(signin, { body: { email: "raced@example.com", password: PASSWORD }, headers: from("203.0.113.50") }))
        .status,
    ).toBe(429);
  });

  // Point 6
  it("a stranger's failures do not lock the owner out from another address; a looser per-account ceiling holds", async () => {
    await account("victim@example.com");
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await call(signin, {
            body: { email: "victim@example.com", password: `guess-${i}-x` },
            headers: from("198.51.100.66"),
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await call(signin, {
          body: { email: "victim@example.com", password: PASSWORD },
          headers: from("198.51.100.66"),
        })
      ).status,
    ).toBe(429);
    const owner = await call(signin, {
      body: { email: "victim@example.com", password: PASSWORD },
      headers: from("192.0.2.10"),
    });
    expect(owner.status).toBe(200);
    // Spraying one account from many addresses still meets a ceiling (100 per 15 minutes).
    const spray = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(signin, {
          body: { email: "victim@example.com", password: `spray-${i}-x` },
          headers: from(`10.9.${i >> 8}.${i & 255}`),
        }),
      ),
    );
    expect(spray.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });

  // Point 7
  it("parallel sign-ups with one email: exactly one 201, the rest 409, and no email or hash in any log", async () => {
    const email = "twin-signup@example.com";
    let answers: Awaited<ReturnType<typeof call>>[] = [];
    const logs = await captureLogs(async () => {
      answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(signup, { body: { email, password: PASSWORD }, headers: from(`192.0.2.${i + 1}`) }),
        ),
      );
    });
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(logs).not.toContain(email);
    expect(logs).not.toMatch(/\$argon2/);
  });

  it("a failed query is logged without its parameters", async () => {
    const db = await getDb();
    const email = "unique-twice@example.com";
    const hash = await hashPassword("whatever-passphrase");
    await insertUserWithCredits(db, { email, name: "A", passwordHash: hash, isDev: false, credits: 1 });
    const err = await insertUserWithCredits(db, {
      email,
      name: "B",
      passwordHash: hash,
      isDev: false,
      credits: 1,
    }).catch((e: unknown) => e);
    const logs = await captureLogs(async () => {
      expect(errorResponse(err).status).toBe(500);
    });
    expect(logs).toMatch(/failed query/i);
    expect(logs).not.toContain(email);
    expect(logs).not.toContain(hash);
    expect(logs).not.toMatch(/\$argon2/);
  });

  // Point 8
  it("a cookie-authenticated write with Origin null or garbage is a 403, not a 500", async () => {
    const user = await createUser();
    for (const origin of ["null", "::not a url::", "http://"]) {
      const res = await call(signout, {
        method: "POST",
        cookie: `parley.session-token=${user.token}`,
        headers: { origin, host: "localhost:3000" },
      });
      expect(res.status, origin).toBe(403);
      expect(res.json.detail).toBe("Cross-site request refused");
    }
  });

  // Point 9
  it("refuses common passwords, one repeated character and the account's own email or name, with a clear message", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ password: "password" }, /most commonly used/],
      [{ password: "12345678" }, /most commonly used/],
      [{ password: "Password1" }, /most commonly used/],
      [{ password: "        " }, /one character repeated/],
      [{ password: "nist-check@example.com" }, /email address or name/],
      [{ password: "Jordan Pemberton", name: "Jordan Pemberton" }, /email address or name/],
    ];
    for (const [extra, message] of cases) {
      const res = await call(signup, { body: { email: "nist-check@example.com", ...extra } });
      expect(res.status, extra.password).toBe(422);
      expect(res.json.detail[0].loc).toEqual(["body", "password"]);
      expect(res.json.detail[0].msg).toMatch(message);
    }
    expect(
      (await call(signup, { body: { email: "nist-check@example.com", password: "violet-harbour-lamp" } })).status,
    ).toBe(201);
  });

  it("the seeded pilot and demo passwords pass the policy", () => {
    for (let i = 0; i < 500; i++)
      expect(passwordProblem(generatePassword(), { email: `pilot-${i}@pilot.parley.example` })).toBeNull();
    expect(passwordProblem(DEMO_PASSWORD, { email: "member.a@parley.local", name: "Maya Member" })).toBeNull();
  });

  // Point 10
  it("JSON APIs answer 415 unless the body is application/json", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await call(join, {
        body: JSON.stringify({ email: "cross-site@example.com" }),
        headers: { "content-type": type, ...from("192.0.2.77") },
      });
      expect(res.status, type).toBe(415);
      expect(res.json.detail).toBe("Content-Type must be application/json");
    }
    const ok = await call(join, {
      body: { email: "same-site@example.com" },
      headers: { "content-type": "application/json; charset=utf-8", ...from("192.0.2.77") },
    });
    expect(ok.status).toBe(200);
  });

  // Point 11
  it("sign-in and authenticated answers are no-store; COOKIE_SECURE=1 marks the cookie Secure and sends HSTS", async () => {
    await account("cache@example.com");
    const res = await call(signin, { body: { email: "cache@example.com", password: PASSWORD } });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const dash = await call(dashboard, { token: res.json.token });
    expect(dash.status).toBe(200);
    expect(dash.headers.get("cache-control")).toBe("no-store");
    expect((await call(dashboard, {})).headers.get("cache-control")).toBe("no-store");

    process.env.COOKIE_SECURE = "1";
    const secure = await call(signin, { body: { email: "cache@example.com", password: PASSWORD } });
    expect(secure.headers.get("set-cookie")).toMatch(/; Secure/);
    expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  // Point 12
  it("nobody can start a private schema with no groups, admins and developers included", async () => {
    const org = await createOrg({ groups: ["G"] });
    const admin = await createUser();
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    const developer = await createUser({ isDev: true });
    const orphan = await makeRoleplay(org.id, { isPublic: false });
    for (const who of [admin, developer]) {
      const res = await call(requestroom, { token: who.token, body: { schema_id: orphan.id } });
      expect(res.status).toBe(403);
      expect(res.json.detail).toMatch(/no one can start it/);
    }
    const assigned = await makeRoleplay(org.id, { isPublic: false, groupIds: [org.groups[0].id] });
    expect((await call(requestroom, { token: admin.token, body: { schema_id: assigned.id } })).status).toBe(200);
  });
});

describe("issue 15.2 / 17.8: limits live in the shared store", () => {
  beforeEach(() => resetAll());

  it("keeps counters in the rate_limits table, keyed by hashes (no email or address in clear)", async () => {
    await call(signin, {
      body: { email: "stored@example.com", password: "whatever-pass" },
      headers: from("203.0.113.99"),
    });
    const rows = await (await getDb()).select().from(rateLimits);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(rows)).not.toContain("stored@example.com");
    expect(JSON.stringify(rows)).not.toContain("203.0.113.99");
  });

  it("the REST waitlist and the server action share one limit", async () => {
    // The action reads headers() from next/headers; give it the same address.
    vi.resetModules();
    vi.doMock("next/headers", () => ({ headers: async () => new Headers(from("203.0.113.8")) }));
    const { joinWaitlistAction } = await import("@/lib/waitlist/actions");
    for (let i = 0; i < 15; i++)
      expect((await call(join, { body: { email: `rest${i}@example.com` }, headers: from("203.0.113.8") })).status).toBe(
        200,
      );
    for (let i = 0; i < 5; i++) {
      const fd = new FormData();
      fd.set("email", `action${i}@example.com`);
      expect(await joinWaitlistAction({}, fd)).toEqual({ success: expect.any(String) });
    }
    const fd = new FormData();
    fd.set("email", "action-over@example.com");
    expect((await joinWaitlistAction({}, fd)).error).toMatch(/Too many sign-up attempts/);
    expect((await call(join, { body: { email: "rest-over@example.com" }, headers: from("203.0.113.8") })).status).toBe(
      429,
    );
    vi.doUnmock("next/headers");
  });
});
