import "server-only";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  countOtherMemberships,
  deleteAccountRow,
  deleteOrganizationCallsOf,
  lockAccount,
  removeFromOrganization,
  scrubAuditOf,
  selectCallIdsOf,
  selectMembershipOrganizationIds,
} from "@/db/queries/erasure";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import { release } from "@/lib/rate-limit";

type Erasure = {
  /** "organization": removed from this organisation only (the account stays for another); "account": deleted. */
  scope: "organization" | "account";
  deleted_conversations: number;
};

/**
 * An admin deletes a learner of their organisation: the learner's calls there (transcripts, grades,
 * reviews, comments), membership, group places and the organisation's LMS and sign-on links. When no
 * other organisation holds the account, the account goes too, with everything that refers to it.
 * An admin of one organisation never erases what another holds. Admins and developer accounts are
 * a developer's to delete; nobody deletes themselves here. The audit entry names no one.
 */
export async function deleteLearner(caller: SessionUser, userId: string): Promise<Erasure> {
  const membership = await requireRole(caller, "admin", { action: "delete learners" });
  const organizationId = membership.organizationId;
  if (userId === caller.id) throw badRequest("You can't delete your own account here");
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId, organizationId });
    if (!account?.role) throw notFound("User not found", "user");
    if (account.is_dev && !caller.isDev) throw forbidden("A developer's account can only be removed by a developer");
    if (account.role === "admin" && !caller.isDev) throw forbidden("Only a developer can delete an admin");
    const deleted = await deleteOrganizationCallsOf(tx, { userId, organizationId });
    await removeFromOrganization(tx, { userId, organizationId });
    const everywhere = !account.is_dev && (await countOtherMemberships(tx, { userId, organizationId })) === 0;
    if (everywhere) {
      // Calls held by no organisation any more (or by one the account has left) go with the account.
      const remaining = await selectCallIdsOf(tx, userId);
      const conversationIds = [...deleted, ...remaining];
      await scrubAuditOf(tx, { userId, email: account.email, conversationIds });
      await deleteAccountRow(tx, { userId, email: account.email });
      await record(tx, organizationId, caller.id, "account", conversationIds.length);
    } else {
      await scrubAuditOf(tx, { userId, email: account.email, organizationId, conversationIds: deleted });
      await record(tx, organizationId, caller.id, "organization", deleted.length);
    }
    return {
      scope: everywhere ? ("account" as const) : ("organization" as const),
      deleted_conversations: deleted.length,
      email: account.email,
    };
  });
  if (result.scope === "account") await forgetLimits(userId, result.email);
  return { scope: result.scope, deleted_conversations: result.deleted_conversations };
}

/** A developer deletes an account outright, in every organisation; each organisation's audit says so. */
export async function deleteAccount(caller: SessionUser, userId: string): Promise<Erasure> {
  if (userId === caller.id) throw badRequest("You can't delete your own account here");
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId, organizationId: null });
    if (!account) throw notFound("User not found", "user");
    const conversationIds = await selectCallIdsOf(tx, userId);
    const organizationIds = await selectMembershipOrganizationIds(tx, userId);
    await scrubAuditOf(tx, { userId, email: account.email, conversationIds });
    await deleteAccountRow(tx, { userId, email: account.email });
    for (const organizationId of organizationIds) await record(tx, organizationId, caller.id, "account", null);
    if (!organizationIds.length) await record(tx, null, caller.id, "account", conversationIds.length);
    return { calls: conversationIds.length, email: account.email };
  });
  await forgetLimits(userId, result.email);
  return { scope: "account", deleted_conversations: result.calls };
}

type Tx = Parameters<typeof recordAudit>[0];

/** The entry holds no id, name or e-mail of the deleted person: only what was removed, and by whom. */
function record(tx: Tx, organizationId: string | null, actorId: string, scope: Erasure["scope"], calls: number | null) {
  return recordAudit(tx, {
    organizationId,
    actorId,
    action: scope === "account" ? "learner.deleted" : "learner.removed",
    targetType: "user",
    details: { scope, ...(calls === null ? {} : { deleted_conversations: calls }) },
  });
}

/**
 * Rate-limit counters are keyed by hashes; those that can be named from the account alone are dropped.
 * (Per-address sign-in counters hash the address too and expire within 15 minutes.)
 */
async function forgetLimits(userId: string, email: string) {
  await Promise.all([release("signinAccount", email.toLowerCase()), release("joinCodeUser", userId)]).catch((err) =>
    console.error("[erasure] rate limits not cleared:", err instanceof Error ? err.message : err),
  );
}
