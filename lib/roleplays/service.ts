import "server-only";

import { ZodError } from "zod";

import { getDb } from "@/db";
import { findMembership } from "@/db/queries/memberships";
import { selectOrganizationGroups } from "@/db/queries/organizations";
import {
  findRoleplayWithRole,
  foreignGroupIds,
  hardDeleteRoleplay,
  insertRoleplay,
  selectVisibleRoleplays,
  softDeleteRoleplay,
  updateRoleplayRow,
} from "@/db/queries/roleplays";
import { assertRole, requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { badRequest, notFound } from "@/lib/errors";
import { getActiveMembership } from "@/lib/organizations/membership";
import { idOrNotFound } from "@/lib/validations/id";
import type { RoleplayPayload } from "@/lib/validations/roleplay";

import { presentRoleplay, roleplayGrading } from "./present";

/**
 * The roleplays the caller may see, always within their own organisations.
 * `returnAll` is the developers' listing across every organisation.
 */
export async function listVisibleRoleplays(user: SessionUser, opts: { returnAll?: boolean } = {}) {
  const db = await getDb();
  if (opts.returnAll) {
    assertRole(user, "developer", null, "list the schemas of every organization");
    const rows = await selectVisibleRoleplays(db, { user });
    return rows.map((row) => presentRoleplay(row, { withOrganization: true }));
  }
  const rows = await selectVisibleRoleplays(db, { user, inOwnOrganizations: true });
  return rows.map((row) => presentRoleplay(row));
}

/** A roleplay the caller may see; developers may open any live roleplay (they may edit any). */
export async function getRoleplay(user: SessionUser, roleplayId: string) {
  const [row] = await selectVisibleRoleplays(await getDb(), { user, roleplayId });
  if (!row) throw notFound("Schema not found", "roleplay");
  return presentRoleplay(row);
}

/** Assigned groups must be groups of the roleplay's own organisation: a 422 naming each stranger. */
export async function assertOwnGroups(organizationId: string, groupIds: string[]) {
  const foreign = await foreignGroupIds(await getDb(), { organizationId, groupIds });
  if (foreign.length === 0) return;
  throw new ZodError(
    foreign.map((id) => ({
      code: "custom" as const,
      path: ["assigned_groups", groupIds.indexOf(id)],
      message: `Group ${id} is not a group of this schema's organization`,
      input: id,
    })),
  );
}

/** The organisation new roleplays go into: the caller's current one, where they must be able to manage. */
export async function organizationForNewRoleplay(user: SessionUser) {
  const membership = await getActiveMembership(user.id);
  if (!membership) throw badRequest("Join an organization before creating schemas");
  await requireRole(user, "admin", { organizationId: membership.organizationId, action: "create schemas" });
  return membership.organizationId;
}

function valuesOf(payload: RoleplayPayload) {
  return {
    name: payload.name,
    description: payload.description,
    is_public: payload.is_public,
    persona: payload.schema_data.persona,
    ...roleplayGrading({
      scenario: payload.schema_data.scenario ?? null,
      scorecard: payload.schema_data.scorecard ?? null,
    }),
    groupIds: payload.assigned_groups,
    isActive: payload.is_active,
    liveHints: payload.live_hints,
  };
}

export async function createRoleplay(user: SessionUser, payload: RoleplayPayload, organizationId?: string) {
  const orgId = organizationId ?? (await organizationForNewRoleplay(user));
  await assertOwnGroups(orgId, payload.assigned_groups);
  const id = await insertRoleplay(await getDb(), { ...valuesOf(payload), organizationId: orgId, authorId: user.id });
  return getRoleplay(user, id);
}

/** A live roleplay the caller may manage (admins of its organisation, developers); outsiders get 404, members 403. */
async function manageableRoleplay(user: SessionUser, roleplayId: string, action: string) {
  const roleplay = await findRoleplayWithRole(await getDb(), { roleplayId, user });
  if (!roleplay) throw notFound("Schema not found", "roleplay");
  assertRole(user, "admin", roleplay.role, action);
  return roleplay;
}

export async function updateRoleplay(user: SessionUser, roleplayId: string, payload: RoleplayPayload) {
  const roleplay = await manageableRoleplay(user, roleplayId, "edit schemas");
  await assertOwnGroups(roleplay.organization_id, payload.assigned_groups);
  const updated = await updateRoleplayRow(await getDb(), {
    ...valuesOf(payload),
    roleplayId: roleplay.id,
    organizationId: roleplay.organization_id,
  });
  if (!updated) throw notFound("Schema not found", "roleplay");
  return getRoleplay(user, roleplay.id);
}

/** Soft delete hides the roleplay; hard delete removes it. Past conversations keep their snapshot either way. */
export async function deleteRoleplay(user: SessionUser, roleplayId: string, opts: { soft: boolean }) {
  const roleplay = await manageableRoleplay(user, roleplayId, "delete schemas");
  const target = { roleplayId: roleplay.id, organizationId: roleplay.organization_id };
  const db = await getDb();
  const deleted = opts.soft ? await softDeleteRoleplay(db, target) : await hardDeleteRoleplay(db, target);
  if (!deleted) throw notFound("Schema not found", "roleplay");
  return {
    message: opts.soft ? "Schema deleted" : "Schema permanently deleted",
    id: roleplay.id,
    soft_delete: opts.soft,
  };
}

/**
 * Groups of an organisation the caller belongs to (their current one by default).
 * Developers may read any organisation's groups, to assign them while editing its roleplays.
 */
export async function listGroups(user: SessionUser, organizationId?: string) {
  const db = await getDb();
  let orgId = organizationId && idOrNotFound(organizationId, "Organization");
  if (!orgId) {
    const membership = await getActiveMembership(user.id);
    if (!membership) return [];
    orgId = membership.organizationId;
  } else if (!user.isDev && !(await findMembership(db, { userId: user.id, organizationId: orgId }))) {
    throw notFound("Organization not found", "organization");
  }
  return selectOrganizationGroups(db, { organizationId: orgId, order: "name" });
}

/** A roleplay for the edit form: only for those who may manage it. */
export async function getRoleplayForEditing(user: SessionUser, roleplayId: string) {
  // The edit page passes its URL segment straight here.
  const roleplay = await manageableRoleplay(user, idOrNotFound(roleplayId, "Schema"), "edit schemas");
  return getRoleplay(user, roleplay.id);
}
