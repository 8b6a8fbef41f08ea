import "server-only";

import { getDb } from "@/db";
import { findMembership } from "@/db/queries/memberships";
import { selectUserScores } from "@/db/queries/organization-stats";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";

const MAX_POINTS = 500;

/** Scores over time of one member of the caller's organisation, for the user detail chart. */
export async function getUserScores(caller: SessionUser, userId: string) {
  const { organizationId } = await requireRole(caller, "admin");
  const db = await getDb();
  if (!(await findMembership(db, { userId, organizationId }))) throw notFound("User not found", "user");
  const rows = await selectUserScores(db, { organizationId, userId, limit: MAX_POINTS });
  return rows.map((r) => ({ ...r, started_at: r.started_at.toISOString() }));
}

export type ScorePoint = Awaited<ReturnType<typeof getUserScores>>[number];
