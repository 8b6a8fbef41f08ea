import "server-only";

import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";

import { groupMembers, memberships, roleplayGroups, roleplays } from "@/db/schema";

/**
 * Who may see a roleplay, as one SQL condition on roleplay_schemas, for a caller:
 * - soft-deleted roleplays: nobody;
 * - developers: every roleplay;
 * - otherwise only roleplays of an organisation the user belongs to, and there
 *   public ones for everyone, every one for its admins, private ones for members
 *   of an assigned group (a private roleplay with no groups: admins only).
 */
export function visibleTo(user: { id: string; isDev: boolean }): SQL {
  const live = isNull(roleplays.deleted_at);
  if (user.isDev) return live;
  const member = sql`exists (select 1 from ${memberships} m where m.organization_id = ${roleplays.organization_id} and m.user_id = ${user.id})`;
  const admin = sql`exists (select 1 from ${memberships} m where m.organization_id = ${roleplays.organization_id} and m.user_id = ${user.id} and m.role = 'admin')`;
  const inAssignedGroup = sql`exists (select 1 from ${roleplayGroups} sg join ${groupMembers} gm on gm.group_id = sg.group_id where sg.schema_id = ${roleplays.id} and gm.user_id = ${user.id})`;
  return and(live, member, or(eq(roleplays.is_public, true), admin, inAssignedGroup))!;
}
