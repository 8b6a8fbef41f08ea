import { randomBytes } from "node:crypto";

import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";

import { resetEnv } from "@/lib/env";

// env() parses process.env once; tests change variables between calls, so every write or delete
// (direct, or through vi.stubEnv) makes the next env() parse again. In the unit project a worker runs many
// files in one process (isolate: false) and a file may hold its own copy of lib/env: process.env is wrapped
// once, and every copy's reset is called.
const registry = globalThis as Record<symbol, Set<() => void> | undefined>;
const key = Symbol.for("parley.env-resetters");
// The first file in a process installs the proxy; the set of resets says it has been done.
const installed = registry[key] !== undefined;
const resetters = (registry[key] ??= new Set());
resetters.add(resetEnv);
if (!installed) {
  const resetAll = () => resetters.forEach((reset) => reset());
  process.env = new Proxy(process.env, {
    set(target, name, value) {
      const ok = Reflect.set(target, name, value);
      resetAll();
      return ok;
    },
    deleteProperty(target, name) {
      const ok = Reflect.deleteProperty(target, name);
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
