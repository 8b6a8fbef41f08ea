import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "@/db";
import { memberships, organizations } from "@/db/schema";

/** The organisation the user works in: the most recently joined membership. */
export async function findActiveMembership(db: Executor, userId: string) {
  const [row] = await db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
    .where(eq(memberships.user_id, userId))
    .orderBy(desc(memberships.created_at))
    .limit(1);
  return row ?? null;
}

export async function findMembership(db: Executor, input: { userId: string; organizationId: string }) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.user_id, input.userId), eq(memberships.organization_id, input.organizationId)))
    .limit(1);
  return row ?? null;
}
