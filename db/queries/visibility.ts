import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { groupMembers, memberships, roleplaySchemas, schemaGroups } from "@/db/schema";

/**
 * Spec section 6 as one SQL condition on roleplay_schemas, for a caller:
 * - soft-deleted schemas: nobody;
 * - developers: every schema;
 * - otherwise only schemas of an organisation the user belongs to, and there
 *   public ones for everyone, every one for its admins, private ones for members
 *   of an assigned group (a private schema with no groups: admins only).
 */
export function visibleTo(user: { id: string; isDev: boolean }): SQL {
  const live = isNull(roleplaySchemas.deleted_at);
  if (user.isDev) return live;
  const member = sql`exists (select 1 from ${memberships} m where m.organization_id = ${roleplaySchemas.organization_id} and m.user_id = ${user.id})`;
  const admin = sql`exists (select 1 from ${memberships} m where m.organization_id = ${roleplaySchemas.organization_id} and m.user_id = ${user.id} and m.role = 'admin')`;
  const inAssignedGroup = sql`exists (select 1 from ${schemaGroups} sg join ${groupMembers} gm on gm.group_id = sg.group_id where sg.schema_id = ${roleplaySchemas.id} and gm.user_id = ${user.id})`;
  return and(live, member, or(eq(roleplaySchemas.is_public, true), admin, inAssignedGroup))!;
}
