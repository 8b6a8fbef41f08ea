import { mkdirSync } from "node:fs";
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
  const client = new PGlite(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.close(), driver: "pglite" };
}

async function start(): Promise<Handle> {
  const handle = await open();
  // Demo data (with its published passwords and a demo developer) only when asked for:
  // `npm run setup` writes SEED_DEMO_DATA=true into .env.local for the local demo.
  const { env } = await import("@/lib/env");
  if (env().SEED_DEMO_DATA) {
    if (process.env.NODE_ENV === "production") {
      console.warn(
        "\n*** WARNING: SEED_DEMO_DATA is on in production. An empty database gets demo accounts with a published\n" +
          "*** password, one of them a developer (dev@parley.local). Turn it off for any real deployment. ***\n",
      );
    }
    const { seedIfEmpty } = await import("./seed");
    await seedIfEmpty(handle.db);
  }
  if (process.env.BOOTSTRAP_DEV_EMAIL || process.env.BOOTSTRAP_DEV_PASSWORD) {
    const { bootstrapDeveloper } = await import("@/lib/auth/developers");
    await bootstrapDeveloper(handle.db);
  }
  return handle;
}

/** The one database client: opened, migrated (and seeded when empty) on first use. */
export async function getDb(): Promise<Database> {
  if (!globalForDb.parleyDb) {
    globalForDb.parleyDb = start().catch((err) => {
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
