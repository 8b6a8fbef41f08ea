import { type ChildProcess, spawn } from "node:child_process";

import { expect, test } from "@playwright/test";

// A `next start` of its own (fresh in-memory database, its own limits) so these requests do not
// spend the shared e2e server's per-address limits. Real requests over real sockets.
const port = Number(process.env.PW_PORT || 3200) + 50;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: {
        ...process.env,
        AUTH_SECRET: "own-server-secret-own-server-secret-01",
        PGLITE_DIR: "memory://",
        DATABASE_URL: "",
        SEED_DEMO_DATA: "true",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
        TRUSTED_PROXY_HOPS: "",
        REDIS_URL: "",
        LIVEKIT_URL: "",
        ANTHROPIC_API_KEY: "",
        COOKIE_SECURE: "1",
      },
      stdio: "ignore",
    },
  );
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("next start did not come up");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

test("issue 10.1: the Auth.js endpoints are gone; the right password there signs nobody in", async () => {
  for (const [method, path] of [
    ["POST", "/api/nextauth/callback/credentials"],
    ["GET", "/api/nextauth/session"],
    ["POST", "/api/nextauth/signout"],
    ["GET", "/api/nextauth/csrf"],
  ]) {
    const res = await fetch(base + path, {
      method,
      headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {},
      body: method === "POST" ? "email=member.a%40parley.local&password=practice-parley&csrfToken=x" : undefined,
    });
    expect(res.status, path).toBe(404);
    expect(res.headers.get("set-cookie"), path).toBeNull();
    expect((await res.json()).detail).toBe("No API route at this path");
  }
});

test("issue 10.11: with COOKIE_SECURE=1 pages and API answers carry HSTS; API answers are no-store", async () => {
  for (const path of ["/", "/auth", "/api/health", "/api/protected/dashboard"]) {
    const res = await fetch(base + path, { redirect: "manual" });
    expect(res.headers.get("strict-transport-security"), path).toMatch(/max-age=\d+/);
    if (path.startsWith("/api/")) expect(res.headers.get("cache-control"), path).toBe("no-store");
  }
  const signin = await post("/api/auth/signin", { email: "member.a@parley.local", password: "practice-parley" });
  expect(signin.status).toBe(200);
  expect(signin.headers.get("cache-control")).toBe("no-store");
  expect(signin.headers.get("set-cookie")).toMatch(/; Secure/);
});

test("issue 10.5: a client-chosen X-Forwarded-For does not change the rate-limit key", async () => {
  // Sign-in: 10 wrong guesses for one account, each claiming a new address, lock it for this address.
  for (let i = 0; i < 10; i++) {
    const res = await post(
      "/api/auth/signin",
      { email: "member.b@parley.local", password: `wrong-${i}-guess` },
      { "x-forwarded-for": `198.51.100.${i}` },
    );
    expect(res.status).toBe(401);
  }
  const locked = await post(
    "/api/auth/signin",
    { email: "member.b@parley.local", password: "practice-parley" },
    { "x-forwarded-for": "203.0.113.200" },
  );
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);

  // Waitlist: 20 per address per 10 minutes whatever the header says.
  for (let i = 0; i < 20; i++) {
    expect(
      (
        await post(
          "/api/public/waitlist",
          { email: `xff${i}@example.com` },
          { "x-forwarded-for": `192.0.2.${i}, 10.0.0.${i}` },
        )
      ).status,
    ).toBe(200);
  }
  const over = await post(
    "/api/public/waitlist",
    { email: "xff-over@example.com" },
    { "x-forwarded-for": "192.0.2.250" },
  );
  expect(over.status).toBe(429);
});

test("issue 17.8: the waitlist form's server action shares the REST limit", async ({ page }) => {
  // The REST limit for 127.0.0.1 was used up by the previous test; the form is refused too.
  await page.goto(`${base}/waitlist`);
  await page.getByLabel("Email").fill("form-after-rest@example.com");
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Too many sign-up attempts");
});

test("issue 10.8: malformed percent-encoding is a 4xx with the error shape, not a plain-text 500", async () => {
  for (const path of [
    "/api/protected/grades/%zz",
    "/api/protected/grades/%E0%A4%A/retry",
    "/api/dev/organization/%zz/users",
  ]) {
    const res = await fetch(base + path);
    expect(res.status, path).toBe(400);
    expect((await res.json()).detail).toMatch(/percent-encoding/);
  }
  const page = await fetch(`${base}/grade/%zz`);
  expect(page.status).toBeGreaterThanOrEqual(400);
  expect(page.status).toBeLessThan(500);
});

test("issue 10.8: a server action with a malformed body is a 400, not a 500", async () => {
  // Any action id: the body is refused before Next.js decodes it.
  const action = { "next-action": "0".repeat(42), origin: base };
  for (const [type, body] of [
    ["text/plain;charset=UTF-8", "not json at all"],
    ["text/plain;charset=UTF-8", "["],
    ["multipart/form-data; boundary=zz", "garbage"],
  ]) {
    const res = await fetch(`${base}/waitlist`, { method: "POST", headers: { ...action, "content-type": type }, body });
    expect(res.status, body).toBe(400);
    expect((await res.json()).detail).toBe("Malformed server action request");
  }
});

test("issue 10.8: a server action from a foreign Origin is refused with 403", async () => {
  const res = await fetch(`${base}/waitlist`, {
    method: "POST",
    headers: {
      "next-action": "0".repeat(42),
      origin: "https://evil.example",
      "content-type": "text/plain;charset=UTF-8",
    },
    body: "[]",
  });
  expect(res.status).toBe(403);
});
