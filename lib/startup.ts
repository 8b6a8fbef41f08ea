import "server-only";

import { getDb } from "@/db";
import { env } from "@/lib/env";

/**
 * Server start (instrumentation.ts): opens and migrates the database, seeds the demo into an empty
 * one when asked, and creates the operator's developer account. getDb() itself only opens and migrates.
 */
export async function prepareDatabase(): Promise<void> {
  const db = await getDb();
  // Demo data (with its published passwords and a demo developer) only when asked for:
  // `npm run setup` writes SEED_DEMO_DATA=true into .env.local for the local demo.
  if (env().SEED_DEMO_DATA) {
    if (process.env.NODE_ENV === "production") {
      console.warn(
        "\n*** WARNING: SEED_DEMO_DATA is on in production. An empty database gets demo accounts with a published\n" +
          "*** password, one of them a developer (dev@parley.local). Turn it off for any real deployment. ***\n",
      );
    }
    const { seedIfEmpty } = await import("@/lib/demo/seed"); // loaded only when needed: it pulls in the grader
    await seedIfEmpty(db);
  }
  if (env().BOOTSTRAP_DEV_EMAIL || env().BOOTSTRAP_DEV_PASSWORD) {
    const { bootstrapDeveloper } = await import("@/lib/auth/developers");
    await bootstrapDeveloper(db);
  }
}
