/**
 * vitest's global setup: one freshly migrated in-memory PGlite, dumped once per run to PGLITE_TEMPLATE, so
 * each test file loads its database from the dump (about 1.3 s) instead of running initdb and the migrations
 * (about 3.4 s) — db/index.ts. With PostgreSQL (TEST_DATABASE_URL) there is nothing to prepare.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export const PGLITE_TEMPLATE = path.join(process.cwd(), "test-results", "pglite-template.tar");

export default async function setup() {
  rmSync(PGLITE_TEMPLATE, { force: true });
  if (process.env.TEST_DATABASE_URL) return;
  const client = new PGlite("memory://");
  await migrate(drizzle({ client }), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  return () => rmSync(PGLITE_TEMPLATE, { force: true });
}
