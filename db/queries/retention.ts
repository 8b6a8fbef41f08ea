import "server-only";

import { and, eq, inArray, isNull, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { conversations, conversationTurns, organizations } from "@/db/schema";

import { rowsOf } from "./rows";

type PurgeCandidate = { id: string; organization_id: string };

/**
 * Ended calls whose transcript is older than their organisation's retention, locked for this
 * transaction. `skip locked`: a batch another instance holds is left to it, so concurrent sweeps
 * split the work instead of waiting. A call whose grade is still being made waits for the grade.
 */
export async function lockPurgeBatch(db: Executor, input: { now: Date; limit: number }): Promise<PurgeCandidate[]> {
  const res = await db.execute(sql`
    select c.id, c.organization_id from conversations c
    join organizations o on o.id = c.organization_id
    where o.retention_days is not null
      and c.status <> 'active'
      and c.transcript_purged_at is null
      and coalesce(c.ended_at, c.started_at) < ${input.now.toISOString()}::timestamptz - make_interval(days => o.retention_days)
      and not exists (select 1 from grades g where g.conversation_id = c.id and g.status = 'pending')
    order by coalesce(c.ended_at, c.started_at), c.id
    limit ${input.limit}
    for update of c skip locked`);
  return rowsOf<PurgeCandidate>(res);
}

/**
 * Deletes the turns of these calls (comments on a turn go with it: turn_comments cascade) and marks
 * each call purged. Only calls not yet marked are returned, so a repeated run reports nothing twice.
 */
export async function purgeTranscripts(db: Executor, input: { ids: string[]; now: Date }) {
  if (!input.ids.length) return [];
  await db.delete(conversationTurns).where(inArray(conversationTurns.conversation_id, input.ids));
  return db
    .update(conversations)
    .set({ transcript_purged_at: input.now })
    .where(and(inArray(conversations.id, input.ids), isNull(conversations.transcript_purged_at)))
    .returning({ id: conversations.id, organization_id: conversations.organization_id });
}

/** Claude's cached grading answers quote transcripts: none outlives the shortest retention of any organisation. */
export async function deleteStaleGradeCache(db: Executor, now: Date) {
  await db.execute(sql`
    delete from grade_cache
    where created_at < ${now.toISOString()}::timestamptz
      - make_interval(days => (select min(retention_days) from organizations where retention_days is not null))`);
}

/** The organisation's retention, locked so the change and its audit entry see the same old value. */
export async function lockOrganizationRetention(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ retention_days: organizations.retention_days })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  return row ?? null;
}

export async function updateOrganizationRetention(
  db: Executor,
  input: { organizationId: string; days: number | null },
) {
  const [row] = await db
    .update(organizations)
    .set({ retention_days: input.days, updated_at: sql`now()` })
    .where(eq(organizations.id, input.organizationId))
    .returning({ retention_days: organizations.retention_days });
  return row ?? null;
}

export async function findOrganizationRetention(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ retention_days: organizations.retention_days })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.retention_days ?? null;
}
