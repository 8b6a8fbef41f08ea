import "server-only";

import { getDb } from "@/db";
import { selectAuditActions, selectAuditActors, selectAuditPage } from "@/db/queries/audit-log";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import type { AuditQuery } from "@/lib/validations/data-rights";

const AUDIT_PAGE_SIZE = 50;

/** What each action means, in the product's words; an action not listed shows its own name. */
export const AUDIT_ACTIONS: Record<string, string> = {
  "grade.reviewed": "Reviewed a grade",
  "grade.criterion_overridden": "Overrode a criterion's score",
  "grade.criterion_cleared": "Cleared a criterion's override",
  "grades.exported": "Exported the gradebook (CSV)",
  "account.exported": "Downloaded their own data",
  "learner.removed": "Removed a learner from the organization",
  "learner.deleted": "Deleted a learner's account",
  "member.role_changed": "Changed a member's role",
  "member.added": "Added a member",
  "retention.changed": "Changed transcript retention",
  "retention.transcripts_deleted": "Deleted transcripts past retention",
  "sso.account_created": "Signed up through single sign-on",
  "sso.account_linked": "Linked an account to single sign-on",
  "lti.tool_key.rotated": "Rotated the LTI tool key",
};

/** What a target that no longer exists (or was scrubbed by a deletion) is called. */
const GONE: Record<string, string> = { user: "a deleted account", conversation: "a deleted call" };

export type AuditEntryView = {
  id: string;
  action: string;
  description: string;
  at: string;
  actor: string;
  target: string | null;
  details: Record<string, unknown>;
};

/**
 * The caller's organisation's audit log (admins, and developers working in it), 50 entries a page.
 * Entries hold no secrets by construction (recordAudit's contract); actors appear by name, the system's
 * own jobs as "Parley", and a deleted account as "A deleted account".
 */
export async function listAudit(caller: SessionUser, query: AuditQuery) {
  const membership = await requireRole(caller, "admin", { action: "read the audit log" });
  const db = await getDb();
  const organizationId = membership.organizationId;
  const [{ rows, total }, actors, actions] = await Promise.all([
    selectAuditPage(db, {
      organizationId,
      limit: AUDIT_PAGE_SIZE,
      offset: (query.page - 1) * AUDIT_PAGE_SIZE,
      action: query.action,
      actorId: query.actor_id,
    }),
    selectAuditActors(db, organizationId),
    selectAuditActions(db, organizationId),
  ]);
  const entries: AuditEntryView[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    description: AUDIT_ACTIONS[r.action] ?? r.action,
    at: new Date(r.created_at).toISOString(),
    // No actor: Parley's own jobs say so in their details (`system: true`); otherwise the account was deleted.
    actor: r.actor_name ?? (r.details?.system === true ? "Parley" : "A deleted account"),
    target: r.target_label ?? (r.target_type ? (GONE[r.target_type] ?? `a ${r.target_type} no longer here`) : null),
    details: typeof r.details === "string" ? JSON.parse(r.details) : r.details,
  }));
  return {
    organization_name: membership.organizationName,
    time_zone: membership.timeZone,
    page: query.page,
    page_size: AUDIT_PAGE_SIZE,
    total,
    entries,
    filters: { actors, actions },
  };
}

export type AuditListing = Awaited<ReturnType<typeof listAudit>>;
