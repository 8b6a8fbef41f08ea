import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";

const MAX_PARAMS = 60_000; // PostgreSQL allows 65,535 bind parameters per statement
const IN_FLIGHT = 3;

/** Batched multi-row inserts (up to 5,000 rows or the parameter limit), a few in flight at once. */
export function createInserter(db: PostgresJsDatabase<Record<string, unknown>>) {
  const inFlight = new Set<Promise<unknown>>();
  const feeding = new Set<Promise<unknown>>();
  async function feed(table: PgTable, values: Record<string, unknown>[]) {
    const columns = Object.keys(getTableColumns(table)).length;
    const size = Math.min(5000, Math.floor(MAX_PARAMS / columns));
    for (let i = 0; i < values.length; i += size) {
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const p: Promise<unknown> = db
        .insert(table)
        .values(values.slice(i, i + size) as never)
        .then(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }
  /** Queues the rows; resolves once the last batch is sent (not yet committed: see drain). */
  function rows(table: PgTable, values: Record<string, unknown>[]) {
    const p: Promise<unknown> = feed(table, values).finally(() => feeding.delete(p));
    feeding.add(p);
    return p;
  }
  async function drain() {
    while (feeding.size || inFlight.size) await Promise.all([...feeding, ...inFlight]);
  }
  return { rows, drain };
}
