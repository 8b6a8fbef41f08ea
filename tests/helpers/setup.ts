import { randomBytes } from "node:crypto";

import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";

import { resetEnv } from "@/lib/env";

// env() parses process.env once; tests change variables between calls, so every write or delete
// (direct, or through vi.stubEnv) makes the next env() parse again. In the unit project a worker runs many
// files in one process (isolate: false) and a file may hold its own copy of lib/env: process.env is wrapped
// once, and every copy's reset is called.
const resetters = ((globalThis as Record<symbol, Set<() => void>>)[Symbol.for("parley.env-resetters")] ??= new Set());
resetters.add(resetEnv);
const wrapped = Symbol.for("parley.env-proxy");
if (!(wrapped in process.env)) {
  const resetAll = () => resetters.forEach((reset) => reset());
  process.env = new Proxy(process.env, {
    has: (target, key) => key === wrapped || Reflect.has(target, key),
    set(target, key, value) {
      const ok = Reflect.set(target, key, value);
      resetAll();
      return ok;
    },
    deleteProperty(target, key) {
      const ok = Reflect.deleteProperty(target, key);
      resetAll();
      return ok;
    },
  });
}

// With TEST_DATABASE_URL set (npm test does this when PostgreSQL is reachable), each test
// file gets a fresh database on that server; otherwise it gets an in-memory PGlite.
const adminUrl = process.env.TEST_DATABASE_URL;
let dbName: string | undefined;

if (adminUrl) {
  beforeAll(async () => {
    dbName = `parley_test_${randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    process.env.DATABASE_URL = url.toString();
  });
}

afterAll(async () => {
  // A grade still being written (kicked by the file's last request) finishes before its database goes.
  const { settleGrading } = await import("@/lib/grading/worker");
  await settleGrading();
  const { closeDb } = await import("@/db");
  await closeDb();
  if (adminUrl && dbName) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});
