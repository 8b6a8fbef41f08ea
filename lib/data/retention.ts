import "server-only";

import { type Database, getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  deleteStaleGradeCache,
  findOrganizationRetention,
  lockOrganizationRetention,
  lockPurgeBatch,
  purgeTranscripts,
  updateOrganizationRetention,
} from "@/db/queries/retention";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import type { RetentionInput } from "@/lib/validations/data-rights";

type RetentionSweep = { purged: string[] };

/**
 * Deletes the transcripts (turns, and the comments on them) of ended calls older than their
 * organisation's `retention_days`, and marks each call `transcript_purged_at`; the grade, the
 * review and the scorecard stay. Parley stores no call audio (LiveKit rooms are not recorded and
 * uploads keep only the transcript), so the turns are all there is to delete.
 *
 * Safe across instances: each batch is locked `for update skip locked` in its own transaction, so
 * two sweeps at once take disjoint batches, and a call is marked in the same transaction as its
 * turns go, so a rerun (or a crash between batches) never purges or reports a call twice.
 */
export async function sweepRetention(
  opts: { now?: Date; batchSize?: number; db?: Database } = {},
): Promise<RetentionSweep> {
  const db = opts.db ?? (await getDb());
  const now = opts.now ?? new Date();
  const limit = opts.batchSize ?? 200;
  const purged: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const locked = await lockPurgeBatch(tx, { now, limit });
      const done = await purgeTranscripts(tx, { ids: locked.map((c) => c.id), now });
      const perOrganization = new Map<string, number>();
      for (const c of done) {
        if (c.organization_id)
          perOrganization.set(c.organization_id, (perOrganization.get(c.organization_id) ?? 0) + 1);
      }
      for (const [organizationId, count] of perOrganization) {
        await recordAudit(tx, {
          organizationId,
          actorId: null,
          action: "retention.transcripts_deleted",
          details: { conversations: count, system: true },
        });
      }
      return { locked: locked.length, done: done.map((c) => c.id) };
    });
    purged.push(...batch.done);
    if (batch.locked < limit) break;
  }
  await deleteStaleGradeCache(db, now);
  return { purged };
}

const state = globalThis as unknown as { parleyRetentionSweep?: NodeJS.Timeout };

/** Started once per server process beside the grading and idle sweeps; runs every RETENTION_SWEEP_MS (an hour). */
export function startRetentionSweep(): void {
  if (state.parleyRetentionSweep) return;
  const run = () =>
    void sweepRetention().catch((err) =>
      console.error("[retention] sweep failed:", err instanceof Error ? err.message : err),
    );
  state.parleyRetentionSweep = setInterval(run, env().RETENTION_SWEEP_MS);
  state.parleyRetentionSweep.unref();
  setImmediate(run);
}

/** The retention of the caller's current organisation (admins and developers). */
export async function getRetention(caller: SessionUser) {
  const membership = await requireRole(caller, "admin", { action: "see the organization's data settings" });
  return { retention_days: await findOrganizationRetention(await getDb(), membership.organizationId) };
}

/** An admin sets (or clears, with null) how many days transcripts are kept; the change is audited. */
export async function setRetention(caller: SessionUser, input: RetentionInput) {
  const membership = await requireRole(caller, "admin", { action: "change the organization's retention" });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockOrganizationRetention(tx, membership.organizationId);
    if (!before) throw notFound("Organization not found", "organization");
    const row = await updateOrganizationRetention(tx, {
      organizationId: membership.organizationId,
      days: input.retention_days,
    });
    if (before.retention_days !== input.retention_days) {
      await recordAudit(tx, {
        organizationId: membership.organizationId,
        actorId: caller.id,
        action: "retention.changed",
        targetType: "organization",
        targetId: membership.organizationId,
        details: { from_days: before.retention_days, to_days: input.retention_days },
      });
    }
    return { retention_days: row!.retention_days };
  });
}
