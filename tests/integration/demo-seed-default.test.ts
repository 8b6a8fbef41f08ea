import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeDb, getDb } from "@/db";
import { users } from "@/db/schema";
import { prepareDatabase } from "@/lib/startup";

// Issue 10.2: demo data (published passwords, a demo developer) only when asked for.
describe("demo data is seeded only with SEED_DEMO_DATA=true", () => {
  const saved = { seed: process.env.SEED_DEMO_DATA, nodeEnv: process.env.NODE_ENV };
  afterEach(() => {
    process.env.SEED_DEMO_DATA = saved.seed;
    (process.env as Record<string, string | undefined>).NODE_ENV = saved.nodeEnv;
    vi.restoreAllMocks();
  });

  it("an empty database stays empty when SEED_DEMO_DATA is unset", async () => {
    delete process.env.SEED_DEMO_DATA;
    await prepareDatabase(); // what the server runs at start
    const [{ n }] = await (await getDb()).select({ n: count() }).from(users);
    expect(n).toBe(0);
    await closeDb();
  });

  it("with SEED_DEMO_DATA=true the local demo is seeded, and production gets a loud warning", async () => {
    if (process.env.TEST_DATABASE_URL) return; // one database per file on PostgreSQL: covered by the first case there
    process.env.SEED_DEMO_DATA = "true";
    (process.env as Record<string, string>).NODE_ENV = "production";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    await prepareDatabase(); // a fresh in-memory PGlite after closeDb()
    const db = await getDb();
    const [dev] = await db.select().from(users).where(eq(users.email, "dev@parley.local"));
    expect(dev?.is_dev).toBe(true);
    expect(warn.mock.calls.flat().join(" ")).toMatch(/WARNING: SEED_DEMO_DATA is on in production/);
  }, 120_000);
});
