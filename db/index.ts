import "server-only";

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: query functions accept both. */
export type Executor = Database | Transaction;

type Handle = { db: Database; close: () => Promise<void>; driver: "postgres" | "pglite" };

const globalForDb = globalThis as unknown as { parleyDb?: Promise<Handle> };

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

async function open(): Promise<Handle> {
  // Raw reads, not lib/env's env(): db/ never imports lib/ at run time (eslint/boundaries.mjs), and
  // these are read once per client, when it opens.
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(url, {
      max: Number(process.env.DATABASE_POOL_SIZE || 10),
      onnotice: () => {},
      connect_timeout: 5,
    });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => client.end({ timeout: 5 }), driver: "postgres" };
  }
  const dir = process.env.PGLITE_DIR || path.join(process.cwd(), ".data", "pglite");
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // Tests open one in-memory database per file: PGLITE_TEMPLATE names a dump of a freshly migrated one
  // (tests/helpers/pglite-template.ts), which loads in about a third of the time initdb and the migrations
  // take. The migrations still run after it, so a stale template is brought up to date, never trusted.
  const template = process.env.PGLITE_TEMPLATE;
  const client =
    template && dir.startsWith("memory://") && existsSync(template)
      ? new PGlite(dir, { loadDataDir: new Blob([readFileSync(template)]) })
      : new PGlite(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.close(), driver: "pglite" };
}

/** The one database client: opened and migrated on first use (seeding is lib/startup.ts's job). */
export async function getDb(): Promise<Database> {
  if (!globalForDb.parleyDb) {
    globalForDb.parleyDb = open().catch((err) => {
      globalForDb.parleyDb = undefined; // the next call tries again
      throw err;
    });
  }
  return (await globalForDb.parleyDb).db;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.parleyDb;
  globalForDb.parleyDb = undefined;
  if (pending) await (await pending).close();
}

export { schema };
