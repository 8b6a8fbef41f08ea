import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db";
import { groups, memberships, organizations, roleplaySchemas, schemaGroups } from "@/db/schema";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

/** Group ids as a JSON array: JSON parses the same on postgres.js and PGlite. */
const assignedGroupIds = sql<string[]>`coalesce((select json_agg(sg.group_id order by sg.group_id) from ${schemaGroups} sg where sg.schema_id = ${roleplaySchemas.id}), '[]'::json)`;

const schemaColumns = {
  id: roleplaySchemas.id,
  organization_id: roleplaySchemas.organization_id,
  name: roleplaySchemas.name,
  description: roleplaySchemas.description,
  is_public: roleplaySchemas.is_public,
  is_active: roleplaySchemas.is_active,
  persona: roleplaySchemas.persona,
  scenario: roleplaySchemas.scenario,
  scorecard: roleplaySchemas.scorecard,
  assigned_groups: assignedGroupIds,
};

export type SchemaRow = {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  is_public: boolean;
  is_active: boolean;
  persona: Persona;
  scenario: Scenario | null;
  scorecard: Scorecard | null;
  assigned_groups: string[];
  organization_name?: string;
};

/** Schemas matching `where`, newest first (so a new schema is the dashboard's preselected one), then by name. */
export async function selectSchemas(db: Executor, where: SQL): Promise<SchemaRow[]> {
  return db
    .select({ ...schemaColumns, organization_name: organizations.name })
    .from(roleplaySchemas)
    .innerJoin(organizations, eq(organizations.id, roleplaySchemas.organization_id))
    .where(where)
    .orderBy(desc(roleplaySchemas.created_at), asc(roleplaySchemas.name), asc(roleplaySchemas.id));
}

export const schemaWithId = (schemaId: string): SQL => eq(roleplaySchemas.id, schemaId);

/** Restricts schemas to the organisations the user belongs to. */
export function inUsersOrganizations(userId: string): SQL {
  return sql`${roleplaySchemas.organization_id} in (select m.organization_id from ${memberships} m where m.user_id = ${userId})`;
}

export async function findLiveSchema(db: Executor, schemaId: string) {
  const [row] = await db
    .select(schemaColumns)
    .from(roleplaySchemas)
    .where(and(eq(roleplaySchemas.id, schemaId), isNull(roleplaySchemas.deleted_at)))
    .limit(1);
  return (row as SchemaRow | undefined) ?? null;
}

/** The ids among `groupIds` that are NOT groups of the organisation. */
export async function foreignGroupIds(db: Executor, input: { organizationId: string; groupIds: string[] }) {
  if (input.groupIds.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organization_id, input.organizationId), inArray(groups.id, input.groupIds)));
  const own = new Set(rows.map((r) => r.id));
  return input.groupIds.filter((id) => !own.has(id));
}

type SchemaValues = { name: string; description: string; is_public: boolean; persona: Persona; scenario: Scenario; scorecard: Scorecard; groupIds: string[] };

export async function insertSchema(db: Executor, input: SchemaValues & { organizationId: string; authorId: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roleplaySchemas)
      .values({
        organization_id: input.organizationId,
        name: input.name,
        description: input.description,
        is_public: input.is_public,
        persona: input.persona,
        scenario: input.scenario,
        scorecard: input.scorecard,
        author_id: input.authorId,
      })
      .returning({ id: roleplaySchemas.id });
    if (input.groupIds.length) {
      await tx.insert(schemaGroups).values(input.groupIds.map((group_id) => ({ schema_id: row.id, group_id })));
    }
    return row.id;
  });
}

/** Replaces the schema's fields and its group assignment in one transaction; false when it is gone. */
export async function updateSchemaRow(db: Executor, input: SchemaValues & { schemaId: string; organizationId: string }) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(roleplaySchemas)
      .set({
        name: input.name,
        description: input.description,
        is_public: input.is_public,
        persona: input.persona,
        scenario: input.scenario,
        scorecard: input.scorecard,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(roleplaySchemas.id, input.schemaId),
          eq(roleplaySchemas.organization_id, input.organizationId),
          isNull(roleplaySchemas.deleted_at),
        ),
      )
      .returning({ id: roleplaySchemas.id });
    if (updated.length === 0) return false;
    await tx.delete(schemaGroups).where(eq(schemaGroups.schema_id, input.schemaId));
    if (input.groupIds.length) {
      await tx.insert(schemaGroups).values(input.groupIds.map((group_id) => ({ schema_id: input.schemaId, group_id })));
    }
    return true;
  });
}

export async function softDeleteSchema(db: Executor, input: { schemaId: string; organizationId: string }) {
  const rows = await db
    .update(roleplaySchemas)
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        eq(roleplaySchemas.id, input.schemaId),
        eq(roleplaySchemas.organization_id, input.organizationId),
        isNull(roleplaySchemas.deleted_at),
      ),
    )
    .returning({ id: roleplaySchemas.id });
  return rows.length > 0;
}

/** Conversations keep their snapshot; their schema_id becomes null (ON DELETE SET NULL). */
export async function hardDeleteSchema(db: Executor, input: { schemaId: string; organizationId: string }) {
  const rows = await db
    .delete(roleplaySchemas)
    .where(and(eq(roleplaySchemas.id, input.schemaId), eq(roleplaySchemas.organization_id, input.organizationId)))
    .returning({ id: roleplaySchemas.id });
  return rows.length > 0;
}

export async function selectOrganizationGroups(db: Executor, organizationId: string) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      is_active: groups.is_active,
      created_at: groups.created_at,
    })
    .from(groups)
    .where(eq(groups.organization_id, organizationId))
    .orderBy(asc(groups.name), desc(groups.created_at));
}
