import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as join } from "@/app/api/public/waitlist/route";
import { closeDb } from "@/db";

import { call } from "../helpers/api";

// Issue 15.2: counters live in the database, so a restarted server (or a second instance on the
// same database) sees them. On PGlite this file uses a folder, not memory, so it can reopen it.
const dir = process.env.TEST_DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), "parley-limits-"));
if (dir) process.env.PGLITE_DIR = dir;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("limits survive a restart", () => {
  it("keeps the sign-in lockout and the waitlist limit after the database client is closed and reopened", async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await call(signin, {
            body: { email: "durable@example.com", password: `bad-${i}-pass` },
            headers: from("203.0.113.5"),
          })
        ).status,
      ).toBe(401);
    }
    for (let i = 0; i < 20; i++)
      expect((await call(join, { body: { email: `d${i}@example.com` }, headers: from("203.0.113.6") })).status).toBe(
        200,
      );
    await closeDb(); // what a restart does to this process's state
    expect(
      (
        await call(signin, {
          body: { email: "durable@example.com", password: "bad-x-pass" },
          headers: from("203.0.113.5"),
        })
      ).status,
    ).toBe(429);
    expect((await call(join, { body: { email: "d-over@example.com" }, headers: from("203.0.113.6") })).status).toBe(
      429,
    );
  }, 180_000); // an on-disk PGlite is migrated twice here
});
