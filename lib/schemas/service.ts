import { and } from "drizzle-orm";
import { ZodError } from "zod";
import { getDb } from "@/db";
import { findMembership } from "@/db/queries/memberships";
import {
  findLiveSchema, foreignGroupIds, hardDeleteSchema, insertSchema, inUsersOrganizations, schemaWithId,
  selectOrganizationGroups, selectSchemas, softDeleteSchema, updateSchemaRow,
} from "@/db/queries/schemas";
import { visibleTo } from "@/db/queries/visibility";
import type { SessionUser } from "@/lib/auth/service";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import { assertCanManage, getActiveMembership } from "@/lib/organizations/membership";
import { idOrNotFound } from "@/lib/validations/id";
import type { SchemaPayload } from "@/lib/validations/schema";
import { presentSchema, schemaGrading } from "./present";


/** A malformed id cannot name anything: it answers like a missing one. */

/**
 * The caller's schemas (spec section 6), always within their own organisations.
 * `returnAll` is the developers' listing across every organisation.
 */
export async function listVisibleSchemas(user: SessionUser, opts: { returnAll?: boolean } = {}) {
  const db = await getDb();
  if (opts.returnAll) {
    if (!user.isDev) throw forbidden("Only developers can list the schemas of every organization");
    const rows = await selectSchemas(db, visibleTo(user));
    return rows.map((row) => presentSchema(row, { withOrganization: true }));
  }
  const rows = await selectSchemas(db, and(visibleTo(user), inUsersOrganizations(user.id))!);
  return rows.map((row) => presentSchema(row));
}

/** A schema the caller may see; developers may open any live schema (they may edit any). */
export async function getSchema(user: SessionUser, schemaId: string) {
  const id = idOrNotFound(schemaId, "Schema");
  const [row] = await selectSchemas(await getDb(), and(visibleTo(user), schemaWithId(id))!);
  if (!row) throw notFound("Schema not found");
  return presentSchema(row);
}

/** Assigned groups must be groups of the schema's own organisation: a 422 naming each stranger. */
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

/** The organisation new schemas go into: the caller's current one, where they must be able to manage. */
export async function organizationForNewSchema(user: SessionUser) {
  const membership = await getActiveMembership(user.id);
  if (!membership) throw badRequest("Join an organization before creating schemas");
  await assertCanManage(user, membership.organizationId, "create schemas");
  return membership.organizationId;
}

function valuesOf(payload: SchemaPayload) {
  return {
    name: payload.name,
    description: payload.description,
    is_public: payload.is_public,
    persona: payload.schema_data.persona,
    ...schemaGrading({ scenario: payload.schema_data.scenario ?? null, scorecard: payload.schema_data.scorecard ?? null }),
    groupIds: payload.assigned_groups,
  };
}

export async function createSchema(user: SessionUser, payload: SchemaPayload, organizationId?: string) {
  const orgId = organizationId ?? (await organizationForNewSchema(user));
  await assertOwnGroups(orgId, payload.assigned_groups);
  const id = await insertSchema(await getDb(), { ...valuesOf(payload), organizationId: orgId, authorId: user.id });
  return getSchema(user, id);
}

/** A live schema the caller may manage; outsiders get 404, members 403. */
async function manageableSchema(user: SessionUser, schemaId: string, action: string) {
  const id = idOrNotFound(schemaId, "Schema");
  const schema = await findLiveSchema(await getDb(), id);
  if (!schema) throw notFound("Schema not found");
  await assertCanManage(user, schema.organization_id, action);
  return schema;
}

export async function updateSchema(user: SessionUser, schemaId: string, payload: SchemaPayload) {
  const schema = await manageableSchema(user, schemaId, "edit schemas");
  await assertOwnGroups(schema.organization_id, payload.assigned_groups);
  const updated = await updateSchemaRow(await getDb(), {
    ...valuesOf(payload),
    schemaId: schema.id,
    organizationId: schema.organization_id,
  });
  if (!updated) throw notFound("Schema not found");
  return getSchema(user, schema.id);
}

/** Soft delete hides the schema; hard delete removes it. Past conversations keep their snapshot either way. */
export async function deleteSchema(user: SessionUser, schemaId: string, opts: { soft: boolean }) {
  const schema = await manageableSchema(user, schemaId, "delete schemas");
  const target = { schemaId: schema.id, organizationId: schema.organization_id };
  const db = await getDb();
  const deleted = opts.soft ? await softDeleteSchema(db, target) : await hardDeleteSchema(db, target);
  if (!deleted) throw notFound("Schema not found");
  return { message: opts.soft ? "Schema deleted" : "Schema permanently deleted", id: schema.id, soft_delete: opts.soft };
}

/**
 * Groups of an organisation the caller belongs to (their current one by default).
 * Developers may read any organisation's groups, to assign them while editing its schemas.
 */
export async function listGroups(user: SessionUser, organizationId?: string) {
  const db = await getDb();
  let orgId = organizationId && idOrNotFound(organizationId, "Organization");
  if (!orgId) {
    const membership = await getActiveMembership(user.id);
    if (!membership) return [];
    orgId = membership.organizationId;
  } else if (!user.isDev && !(await findMembership(db, { userId: user.id, organizationId: orgId }))) {
    throw notFound("Organization not found");
  }
  return selectOrganizationGroups(db, orgId);
}


/** A schema for the edit form: only for those who may manage it. */
export async function getSchemaForEditing(user: SessionUser, schemaId: string) {
  const schema = await manageableSchema(user, schemaId, "edit schemas");
  return getSchema(user, schema.id);
}
