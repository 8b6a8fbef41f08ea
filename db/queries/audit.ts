import "server-only";

import type { Executor } from "@/db";
import { auditLog } from "@/db/schema";

/** What the audit log records: a verb on a kind of thing, e.g. "grade.reviewed", "learner.deleted". */
type AuditInput = {
  organizationId: string | null;
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  /** Never a secret, a token or a deleted learner's personal data. */
  details?: Record<string, unknown>;
};

/** Writes one audit entry; pass the transaction that makes the change, so both land or neither does. */
export async function recordAudit(db: Executor, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    organization_id: input.organizationId,
    actor_id: input.actorId,
    action: input.action,
    target_type: input.targetType ?? null,
    target_id: input.targetId ?? null,
    details: input.details ?? {},
  });
}
