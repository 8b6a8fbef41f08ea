import "server-only";

import { getDb } from "@/db";
import {
  findActiveMembership,
  findMembership,
  selectUserMemberships,
  upsertActiveOrganization,
} from "@/db/queries/memberships";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";

export type ActiveMembership = { organizationId: string; organizationName: string; role: "admin" | "member" };

/** The organisation the user works in: the one they chose in the switcher, else the latest joined. */
export async function getActiveMembership(userId: string): Promise<ActiveMembership | null> {
  return findActiveMembership(await getDb(), userId);
}

/** Every organisation of the user, for the app shell's switcher. */
export async function listMemberships(userId: string): Promise<ActiveMembership[]> {
  return selectUserMemberships(await getDb(), userId);
}

/** Remembers the chosen organisation; one the user does not belong to is a 404 like an unknown one. */
export async function chooseOrganization(user: SessionUser, organizationId: string) {
  const db = await getDb();
  const id = organizationId.toLowerCase();
  if (!(await findMembership(db, { userId: user.id, organizationId: id })))
    throw notFound("Organization not found", "organization");
  await upsertActiveOrganization(db, { userId: user.id, organizationId: id });
  const active = await findActiveMembership(db, user.id);
  return { organization_id: active!.organizationId, organization_name: active!.organizationName, role: active!.role };
}
