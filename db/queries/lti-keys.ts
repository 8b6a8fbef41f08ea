import "server-only";

import { and, desc, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { ltiToolKeys } from "@/db/schema";

/** Serialises key creation and rotation across instances (released at the end of the transaction). */
export async function lockToolKeys(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('parley.lti_tool_keys'))`);
}

/** The newest key not retired. */
export async function selectActiveToolKey(db: Executor) {
  const [row] = await db
    .select()
    .from(ltiToolKeys)
    .where(isNull(ltiToolKeys.retired_at))
    .orderBy(desc(ltiToolKeys.created_at), desc(ltiToolKeys.kid))
    .limit(1);
  return row ?? null;
}

/** Keys still published: the active one and those retired after `retiredAfter`, newest first. */
export async function selectPublishedToolKeys(db: Executor, input: { retiredAfter: Date }) {
  return db
    .select({
      kid: ltiToolKeys.kid,
      public_jwk: ltiToolKeys.public_jwk,
      created_at: ltiToolKeys.created_at,
      retired_at: ltiToolKeys.retired_at,
    })
    .from(ltiToolKeys)
    .where(or(isNull(ltiToolKeys.retired_at), gt(ltiToolKeys.retired_at, input.retiredAfter)))
    .orderBy(desc(ltiToolKeys.created_at), desc(ltiToolKeys.kid));
}

export async function insertToolKey(
  db: Executor,
  input: { kid: string; publicJwk: Record<string, unknown>; privateJwkEncrypted: string },
) {
  await db.insert(ltiToolKeys).values({
    kid: input.kid,
    public_jwk: input.publicJwk,
    private_jwk_encrypted: input.privateJwkEncrypted,
  });
}

/** Retires every active key; returns their kids. */
export async function retireActiveToolKeys(db: Executor): Promise<string[]> {
  const rows = await db
    .update(ltiToolKeys)
    .set({ retired_at: sql`now()` })
    .where(isNull(ltiToolKeys.retired_at))
    .returning({ kid: ltiToolKeys.kid });
  return rows.map((r) => r.kid);
}

/** Drops keys retired before `retiredBefore` (past their grace period). */
export async function deleteExpiredToolKeys(db: Executor, input: { retiredBefore: Date }) {
  await db
    .delete(ltiToolKeys)
    .where(and(isNotNull(ltiToolKeys.retired_at), lt(ltiToolKeys.retired_at, input.retiredBefore)));
}
