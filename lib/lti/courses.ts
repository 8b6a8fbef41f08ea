import "server-only";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { findContextWithPlatform, selectOrganizationCourses } from "@/db/queries/lti-roster";
import { requeueFailedScoreSends, selectOrganizationScoreSends } from "@/db/queries/lti-services";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { AppError, notFound } from "@/lib/errors";

import { syncRoster } from "./nrps";
import { kickLtiOutbox } from "./outbox";
import { PlatformError } from "./token";

/*
 * The admin's side of the LMS services: the organisation's courses (roster and grade passback at a glance),
 * "Sync roster", and the scores on their way to the gradebook, with "Retry" for those that failed.
 * Every lookup is scoped to the caller's organisation: another's course is the same 404 as none.
 */
const MANAGE = "manage LMS courses";
const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listCourses(caller: SessionUser) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const rows = await selectOrganizationCourses(await getDb(), organizationId);
  return rows.map((r) => ({ ...r, roster_synced_at: iso(r.roster_synced_at) }));
}

export async function syncCourseRoster(caller: SessionUser, courseId: string) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const course = await findContextWithPlatform(await getDb(), { contextId: courseId, organizationId });
  if (!course) throw notFound("Course not found", "course");
  try {
    return await syncRoster(course.context.id, caller.id);
  } catch (err) {
    if (err instanceof PlatformError)
      throw new AppError("upstream:lms", `The LMS could not give the roster: ${err.message}`);
    throw err;
  }
}

export async function listScoreSends(caller: SessionUser, status?: "pending" | "sent" | "failed") {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const rows = await selectOrganizationScoreSends(await getDb(), { organizationId, status, limit: 200 });
  return rows.map((r) => ({
    ...r,
    // A pending score a newer one replaced was never sent: it is "skipped", not "sent".
    status: r.status === "sent" && !r.sent_at ? ("skipped" as const) : r.status,
    next_attempt_at: iso(r.next_attempt_at),
    sent_at: iso(r.sent_at),
    created_at: iso(r.created_at),
  }));
}

export async function retryFailedScores(caller: SessionUser, courseId?: string) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  if (courseId && !(await findContextWithPlatform(db, { contextId: courseId, organizationId })))
    throw notFound("Course not found", "course");
  const requeued = await db.transaction(async (tx) => {
    const n = await requeueFailedScoreSends(tx, { organizationId, courseId });
    if (n > 0)
      await recordAudit(tx, {
        organizationId,
        actorId: caller.id,
        action: "lti.scores.retried",
        targetType: courseId ? "lti_context" : "organization",
        targetId: courseId ?? organizationId,
        details: { requeued: n },
      });
    return n;
  });
  if (requeued > 0) kickLtiOutbox();
  return { requeued };
}
