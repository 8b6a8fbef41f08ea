import "server-only";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { findMembership } from "@/db/queries/memberships";
import {
  deleteOrganizationConversations,
  deleteOrganizationRow,
  deleteUsers,
  findOrganization,
  findUserById,
  selectExclusiveMemberIds,
  selectOrganizations,
  selectOrganizationUsers,
  upsertMembership,
} from "@/db/queries/organizations";
import { notFound } from "@/lib/errors";
import type { AddUserInput } from "@/lib/validations/organization";

export async function listOrganizations() {
  const rows = await selectOrganizations(await getDb());
  return { organizations: rows.map((o) => ({ ...o, created_at: o.created_at.toISOString() })) };
}

export type DevOrganization = Awaited<ReturnType<typeof listOrganizations>>["organizations"][number];

export async function listOrganizationUsers(organizationId: string) {
  const db = await getDb();
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw notFound("Organization not found", "organization");
  return { organization_name: organization.name, users: await selectOrganizationUsers(db, organizationId) };
}

export type OrganizationUser = Awaited<ReturnType<typeof listOrganizationUsers>>["users"][number];

/**
 * Removes the organisation with its groups, memberships, roleplays and conversations. Accounts
 * that belonged only to it go too; accounts that belong elsewhere keep their other memberships.
 */
export async function deleteOrganization(organizationId: string) {
  const db = await getDb();
  const removedAccounts = await db.transaction(async (tx) => {
    if (!(await findOrganization(tx, organizationId))) throw notFound("Organization not found", "organization");
    const exclusive = await selectExclusiveMemberIds(tx, organizationId);
    await deleteOrganizationConversations(tx, organizationId);
    await deleteUsers(tx, exclusive);
    await deleteOrganizationRow(tx, organizationId);
    return exclusive.length;
  });
  return { message: "Organization deleted successfully", deleted_accounts: removedAccounts };
}

export async function addUserToOrganization(input: AddUserInput, actorId?: string) {
  const db = await getDb();
  const [organization, user] = await Promise.all([
    findOrganization(db, input.organization_id),
    findUserById(db, input.user_id),
  ]);
  if (!organization) throw notFound("Organization not found", "organization");
  if (!user) throw notFound("User not found", "user");
  // A role change (or a new membership) is audited in the organisation, in the same transaction.
  await db.transaction(async (tx) => {
    const before = await findMembership(tx, { userId: input.user_id, organizationId: input.organization_id });
    await upsertMembership(tx, { userId: input.user_id, organizationId: input.organization_id, role: input.role });
    if (before?.role === input.role) return;
    await recordAudit(tx, {
      organizationId: input.organization_id,
      actorId: actorId ?? null,
      action: before ? "member.role_changed" : "member.added",
      targetType: "user",
      targetId: input.user_id,
      details: { from_role: before?.role ?? null, to_role: input.role },
    });
  });
  return { message: `User added to ${organization.name} as ${input.role}` };
}
