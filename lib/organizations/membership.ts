import { getDb } from "@/db";
import { findActiveMembership, findMembership } from "@/db/queries/memberships";
import type { SessionUser } from "@/lib/auth/service";
import { forbidden, notFound } from "@/lib/errors";

export type ActiveMembership = { organizationId: string; organizationName: string; role: "admin" | "member" };

export async function getActiveMembership(userId: string): Promise<ActiveMembership | null> {
  return findActiveMembership(await getDb(), userId);
}

/**
 * May this user manage (create, edit, delete schemas; see statistics of) the organisation?
 * Developers may manage any organisation; admins their own. Members get 403; outsiders 404,
 * so organisation ids cannot be probed.
 */
export async function assertCanManage(user: SessionUser, organizationId: string, action = "manage this organization") {
  if (user.isDev) return;
  const membership = await findMembership(await getDb(), { userId: user.id, organizationId });
  if (!membership) throw notFound();
  if (membership.role !== "admin") throw forbidden(`Only admins can ${action}`);
}
