import "server-only";

import { sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { users } from "@/db/schema";

/** Escapes LIKE's wildcards so a tag or domain matches itself only. */
const literal = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Logins on the pilot domain whose local part contains `.<base>`: every login a tag built on this
 * base could collide with (`s01.rcc@`, `i02.rcc2@`...). The caller reads the exact tags.
 */
export async function listLoginsWithTagBase(db: Executor, input: { base: string; domain: string }) {
  const pattern = `%.${literal(input.base.toLowerCase())}%@${literal(input.domain.toLowerCase())}`;
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) like ${pattern}`);
  return rows.map((r) => r.email);
}
