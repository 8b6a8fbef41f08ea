/**
 * Runs one of the app's service functions against the bench database with a logging
 * drizzle client in place of getDb()'s, then EXPLAIN ANALYZEs every query it sent.
 * So the plans are those of the real code, whatever its current shape.
 */
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

import * as schema from "@/db/schema";

export type Plan = { sql: string; executionMs: number; plan: string };

export async function explainService(
  url: string,
  run: () => Promise<unknown>,
): Promise<{ wallMs: number; plans: Plan[] }> {
  const client = postgres(url, { max: 4, onnotice: () => {} });
  const queries: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (sql, params) => void queries.push({ sql, params }) } });
  const g = globalThis as unknown as { parleyDb?: Promise<unknown> };
  const previous = g.parleyDb;
  g.parleyDb = Promise.resolve({ db, close: () => client.end(), driver: "postgres" });
  try {
    await run(); // warm: the second run is timed
    queries.length = 0;
    const t0 = performance.now();
    await run();
    const wallMs = performance.now() - t0;
    const plans: Plan[] = [];
    for (const q of queries) {
      if (!/^\s*(select|with)/i.test(q.sql)) continue;
      const rows = await client.unsafe(`explain (analyze, buffers) ${q.sql}`, q.params as never[]);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN);
      plans.push({ sql: q.sql, executionMs, plan });
    }
    return { wallMs, plans };
  } finally {
    g.parleyDb = previous;
    await client.end();
  }
}
