import "server-only";

import { getDb } from "@/db";
import { findActiveMembership, findMembership } from "@/db/queries/memberships";
import { forbidden, notFound } from "@/lib/errors";

import type { SessionUser } from "./service";

/** A member's role in one organisation (memberships.role); null when they are not in it. */
type OrganizationRole = "admin" | "member" | null;

/**
 * The one role table. Every route (withUser/withPublic/withAgent in lib/api/handler.ts) and every
 * server action (userAction/publicAction in lib/actions.ts) declares one of these where it is
 * declared, and every check below reads `holds`. The access matrix test reads the declarations.
 *
 * `user` and `developer` need nothing but the session, so the wrappers check them before anything
 * else. `admin` and `reviewer` are held in an organisation, which only the service knows (the
 * caller's current one, or the one that owns the object), so the service checks them with
 * requireRole/hasRole below; SQL that must lock or filter by them does the same in
 * db/queries/conversations.ts (scope `reviewerId`) and db/queries/visibility.ts.
 */
export const ROLES = {
  user: {
    may: "act for themselves: their own calls, grades, session and organisations",
    held: () => true,
    who: "signed-in users",
  },
  reviewer: {
    may: "coach their organisation's learners: review, comment on and override grades, upload calls for them",
    // Developers review nothing of an organisation they are not an admin of.
    held: (_user: SessionUser, role: OrganizationRole) => role === "admin",
    who: "admins of the conversation's organization",
  },
  admin: {
    may: "manage an organisation: roleplays, assignments, join codes, statistics, data, SSO and LMS",
    held: (user: SessionUser, role: OrganizationRole) => user.isDev || role === "admin",
    who: "admins",
  },
  developer: {
    may: "the developer console: every organisation, seeding, users, models and LTI keys",
    held: (user: SessionUser) => user.isDev,
    who: "developers",
  },
} as const;

export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** What a route or server action declares: a role of the table, or no session at all. */
export type Access = { role: Role } | { role: "public" } | { role: "agent" };
type Declared = { access: Access };

/** Attaches the declaration to the handler, where the access matrix test reads it. */
export function declareAccess<F extends object>(handler: F, access: Access): F & Declared {
  return Object.assign(handler, { access });
}

/** Does this user hold `role`, given their role in the organisation concerned (null: not a member)? */
export function holds(user: SessionUser, role: Role, organizationRole: OrganizationRole = null): boolean {
  return ROLES[role].held(user, organizationRole);
}

/** 403 unless the user holds `role`; `action` words the refusal ("Only admins can <action>"). */
export function assertRole(user: SessionUser, role: Role, organizationRole: OrganizationRole, action?: string) {
  if (holds(user, role, organizationRole)) return;
  if (role === "developer" && !action) throw forbidden("Developer access required");
  throw forbidden(`Only ${ROLES[role].who} can ${action ?? DEFAULT_ACTION}`);
}

const DEFAULT_ACTION = "view organization statistics";

type ActiveMembership = NonNullable<Awaited<ReturnType<typeof findActiveMembership>>>;

/**
 * The caller's current organisation, where they must hold `role` (admins there, or developers):
 * 404 when they belong to none, else 403.
 */
export async function requireRole(
  user: SessionUser,
  role: "admin",
  scope?: { action?: string },
): Promise<ActiveMembership>;
/**
 * `role` in a named organisation: 404 for someone outside it (ids cannot be probed), 403 for a
 * member without the role. A developer needs no membership to hold `admin`.
 */
export async function requireRole(
  user: SessionUser,
  role: Role,
  scope: { organizationId: string; action?: string },
): Promise<void>;
export async function requireRole(
  user: SessionUser,
  role: Role,
  scope: { organizationId?: string; action?: string } = {},
): Promise<ActiveMembership | void> {
  const db = await getDb();
  if (scope.organizationId === undefined) {
    const membership = await findActiveMembership(db, user.id);
    if (!membership) throw notFound("You do not belong to an organization yet");
    assertRole(user, role, membership.role, scope.action);
    return membership;
  }
  if (holds(user, role)) return;
  const membership = await findMembership(db, { userId: user.id, organizationId: scope.organizationId });
  if (!membership) throw notFound();
  assertRole(user, role, membership.role, scope.action);
}

/** Whether the user holds `role` in this organisation (false for none). */
export async function hasRole(user: SessionUser, role: Role, organizationId: string | null): Promise<boolean> {
  if (!organizationId) return false;
  const membership = await findMembership(await getDb(), { userId: user.id, organizationId });
  return holds(user, role, membership?.role ?? null);
}
