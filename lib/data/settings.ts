import "server-only";

import { getDb } from "@/db";
import { selectOrganizationUsers } from "@/db/queries/organizations";
import { findOrganizationRetention } from "@/db/queries/retention";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";

export type DataMember = { id: string; name: string; email: string; role: "admin" | "member"; deletable: boolean };

/**
 * The organisation's data page: its retention and its people, each marked whether this caller may delete
 * them here (not themselves; an admin only by a developer).
 */
export async function loadDataSettings(caller: SessionUser) {
  const membership = await requireRole(caller, "admin", { action: "manage the organization's data" });
  const db = await getDb();
  const [retentionDays, people] = await Promise.all([
    findOrganizationRetention(db, membership.organizationId),
    selectOrganizationUsers(db, membership.organizationId),
  ]);
  const members: DataMember[] = people.map((p) => ({
    id: p.user_id,
    name: p.name,
    email: p.email,
    role: p.role,
    deletable: p.user_id !== caller.id && (p.role === "member" || caller.isDev),
  }));
  return { organizationName: membership.organizationName, retentionDays, members };
}
