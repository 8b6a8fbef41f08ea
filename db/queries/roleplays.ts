import "server-only";

import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { visibleTo } from "@/db/queries/visibility";
import { groups, memberships, organizations, roleplayGroups, roleplays } from "@/db/schema";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

/** Group ids as a JSON array: JSON parses the same on postgres.js and PGlite. */
const assignedGroupIds = sql<
  string[]
>`coalesce((select json_agg(sg.group_id order by sg.group_id) from ${roleplayGroups} sg where sg.schema_id = ${roleplays.id}), '[]'::json)`;

const roleplayColumns = {
  id: roleplays.id,
  organization_id: roleplays.organization_id,
  name: roleplays.name,
  description: roleplays.description,
  is_public: roleplays.is_public,
  is_active: roleplays.is_active,
  live_hints: roleplays.live_hints,
  persona: roleplays.persona,
  scenario: roleplays.scenario,
  scorecard: roleplays.scorecard,
  assigned_groups: assignedGroupIds,
};

export type RoleplayRow = {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  is_public: boolean;
  is_active: boolean;
  live_hints: boolean;
  persona: Persona;
  scenario: Scenario | null;
  scorecard: Scorecard | null;
  assigned_groups: string[];
  organization_name?: string;
};

/**
 * The roleplays a caller may see, newest first (so a new roleplay is the dashboard's
 * preselected one), then by name: optionally only in the caller's own organisations, or only one.
 */
export async function selectVisibleRoleplays(
  db: Executor,
  input: { user: { id: string; isDev: boolean }; inOwnOrganizations?: boolean; roleplayId?: string },
): Promise<RoleplayRow[]> {
  const where = and(
    visibleTo(input.user),
    input.inOwnOrganizations ? inUsersOrganizations(input.user.id) : undefined,
    input.roleplayId ? eq(roleplays.id, input.roleplayId) : undefined,
  );
  return db
    .select({ ...roleplayColumns, organization_name: organizations.name })
    .from(roleplays)
    .innerJoin(organizations, eq(organizations.id, roleplays.organization_id))
    .where(where)
    .orderBy(desc(roleplays.created_at), asc(roleplays.name), asc(roleplays.id));
}

/** Restricts roleplays to the organisations the user belongs to. */
function inUsersOrganizations(userId: string): SQL {
  return sql`${roleplays.organization_id} in (select m.organization_id from ${memberships} m where m.user_id = ${userId})`;
}

/** A live roleplay of the organisation; another organisation's is not found either. */
export async function findLiveRoleplay(db: Executor, input: { roleplayId: string; organizationId: string }) {
  const [row] = await db
    .select(roleplayColumns)
    .from(roleplays)
    .where(
      and(
        eq(roleplays.id, input.roleplayId),
        eq(roleplays.organization_id, input.organizationId),
        isNull(roleplays.deleted_at),
      ),
    )
    .limit(1);
  return (row as RoleplayRow | undefined) ?? null;
}

/**
 * A live roleplay in an organisation the user belongs to (any, for a developer), with the user's
 * role there (null for a developer who is not a member): the caller decides what the role allows.
 */
export async function findRoleplayWithRole(
  db: Executor,
  input: { roleplayId: string; user: { id: string; isDev: boolean } },
) {
  const [row] = await db
    .select({ ...roleplayColumns, role: memberships.role })
    .from(roleplays)
    .leftJoin(
      memberships,
      and(eq(memberships.organization_id, roleplays.organization_id), eq(memberships.user_id, input.user.id)),
    )
    .where(
      and(
        eq(roleplays.id, input.roleplayId),
        isNull(roleplays.deleted_at),
        input.user.isDev ? undefined : isNotNull(memberships.user_id),
      ),
    )
    .limit(1);
  return (row as (RoleplayRow & { role: "admin" | "member" | null }) | undefined) ?? null;
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

type RoleplayValues = {
  name: string;
  description: string;
  is_public: boolean;
  persona: Persona;
  scenario: Scenario;
  scorecard: Scorecard;
  groupIds: string[];
  /** Undefined: a new roleplay is active without hints; an update keeps what is stored. */
  isActive?: boolean;
  liveHints?: boolean;
};

export async function insertRoleplay(
  db: Executor,
  input: RoleplayValues & { organizationId: string; authorId: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roleplays)
      .values({
        organization_id: input.organizationId,
        name: input.name,
        description: input.description,
        is_public: input.is_public,
        persona: input.persona,
        scenario: input.scenario,
        scorecard: input.scorecard,
        author_id: input.authorId,
        is_active: input.isActive ?? true,
        live_hints: input.liveHints ?? false,
      })
      .returning({ id: roleplays.id });
    if (input.groupIds.length) {
      await tx.insert(roleplayGroups).values(input.groupIds.map((group_id) => ({ schema_id: row.id, group_id })));
    }
    return row.id;
  });
}

/** Replaces the roleplay's fields and its group assignment in one transaction; false when it is gone. */
export async function updateRoleplayRow(
  db: Executor,
  input: RoleplayValues & { roleplayId: string; organizationId: string },
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(roleplays)
      .set({
        name: input.name,
        description: input.description,
        is_public: input.is_public,
        persona: input.persona,
        scenario: input.scenario,
        scorecard: input.scorecard,
        ...(input.isActive === undefined ? {} : { is_active: input.isActive }),
        ...(input.liveHints === undefined ? {} : { live_hints: input.liveHints }),
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(roleplays.id, input.roleplayId),
          eq(roleplays.organization_id, input.organizationId),
          isNull(roleplays.deleted_at),
        ),
      )
      .returning({ id: roleplays.id });
    if (updated.length === 0) return false;
    await tx.delete(roleplayGroups).where(eq(roleplayGroups.schema_id, input.roleplayId));
    if (input.groupIds.length) {
      await tx
        .insert(roleplayGroups)
        .values(input.groupIds.map((group_id) => ({ schema_id: input.roleplayId, group_id })));
    }
    return true;
  });
}

export async function softDeleteRoleplay(db: Executor, input: { roleplayId: string; organizationId: string }) {
  const rows = await db
    .update(roleplays)
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        eq(roleplays.id, input.roleplayId),
        eq(roleplays.organization_id, input.organizationId),
        isNull(roleplays.deleted_at),
      ),
    )
    .returning({ id: roleplays.id });
  return rows.length > 0;
}

/** Conversations keep their snapshot; their schema_id becomes null (ON DELETE SET NULL). */
export async function hardDeleteRoleplay(db: Executor, input: { roleplayId: string; organizationId: string }) {
  const rows = await db
    .delete(roleplays)
    .where(and(eq(roleplays.id, input.roleplayId), eq(roleplays.organization_id, input.organizationId)))
    .returning({ id: roleplays.id });
  return rows.length > 0;
}

/** A starter-library roleplay as an organisation gets it: public, no groups, remembering its library key. */
export type LibraryCopyValues = Omit<RoleplayValues, "groupIds"> & { libraryKey: string };

/** Copies of library roleplays into an organisation, oldest first in the given order; call inside the caller's transaction when it has one. */
export async function insertLibraryCopies(
  db: Executor,
  input: { organizationId: string; authorId: string | null; copies: LibraryCopyValues[] },
) {
  if (input.copies.length === 0) return [];
  return db
    .insert(roleplays)
    .values(
      input.copies.map((c) => ({
        organization_id: input.organizationId,
        name: c.name,
        description: c.description,
        is_public: c.is_public,
        persona: c.persona,
        scenario: c.scenario,
        scorecard: c.scorecard,
        library_key: c.libraryKey,
        author_id: input.authorId,
      })),
    )
    .returning({ id: roleplays.id, name: roleplays.name, library_key: roleplays.library_key });
}

/** The organisation's live roleplays by name and library key: which library entries it has, and names taken. */
export async function selectRoleplayNames(db: Executor, organizationId: string) {
  return db
    .select({ id: roleplays.id, name: roleplays.name, library_key: roleplays.library_key })
    .from(roleplays)
    .where(and(eq(roleplays.organization_id, organizationId), isNull(roleplays.deleted_at)))
    .orderBy(asc(roleplays.created_at), asc(roleplays.id));
}
