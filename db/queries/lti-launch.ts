import "server-only";

import { and, asc, eq, gt, isNull, lt, notInArray, or, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import {
  assignments,
  creditAccounts,
  groupMembers,
  groups,
  ltiContexts,
  ltiDeployments,
  ltiLoginStates,
  ltiNonces,
  ltiPlatforms,
  ltiRegistrationTokens,
  ltiResourceLinks,
  ltiUserLinks,
  memberships,
  organizations,
  roleplayGroups,
  roleplays,
  sessions,
  users,
} from "@/db/schema";

// --- platforms and deployments ---

type PlatformValues = {
  name: string;
  issuer: string;
  clientId: string;
  authLoginUrl: string;
  authTokenUrl: string;
  jwksUrl: string;
  registration: Record<string, unknown> | null;
};

const platformColumns = (v: PlatformValues) => ({
  name: v.name,
  issuer: v.issuer,
  client_id: v.clientId,
  auth_login_url: v.authLoginUrl,
  auth_token_url: v.authTokenUrl,
  jwks_url: v.jwksUrl,
  registration: v.registration,
});

export async function insertPlatform(
  db: Executor,
  input: PlatformValues & { organizationId: string; createdBy: string | null },
) {
  const [row] = await db
    .insert(ltiPlatforms)
    .values({ ...platformColumns(input), organization_id: input.organizationId, created_by: input.createdBy })
    .returning();
  return row;
}

export async function updatePlatformRow(db: Executor, input: PlatformValues & { id: string; organizationId: string }) {
  const [row] = await db
    .update(ltiPlatforms)
    .set({ ...platformColumns(input), updated_at: sql`now()` })
    .where(and(eq(ltiPlatforms.id, input.id), eq(ltiPlatforms.organization_id, input.organizationId)))
    .returning();
  return row ?? null;
}

export async function deletePlatformRow(db: Executor, input: { id: string; organizationId: string }) {
  const rows = await db
    .delete(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, input.id), eq(ltiPlatforms.organization_id, input.organizationId)))
    .returning({ id: ltiPlatforms.id, issuer: ltiPlatforms.issuer, client_id: ltiPlatforms.client_id });
  return rows[0] ?? null;
}

export async function findPlatformOfOrganization(db: Executor, input: { id: string; organizationId: string }) {
  const [row] = await db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, input.id), eq(ltiPlatforms.organization_id, input.organizationId)))
    .limit(1);
  return row ?? null;
}

export async function findPlatformById(db: Executor, id: string) {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id)).limit(1);
  return row ?? null;
}

/** Platforms with this issuer (and client id, when the login named one). */
export async function selectPlatformsByIssuer(db: Executor, input: { issuer: string; clientId?: string }) {
  return db
    .select()
    .from(ltiPlatforms)
    .where(
      and(
        eq(ltiPlatforms.issuer, input.issuer),
        input.clientId === undefined ? undefined : eq(ltiPlatforms.client_id, input.clientId),
      ),
    )
    .limit(2);
}

export async function selectOrganizationPlatforms(db: Executor, organizationId: string) {
  return db
    .select({
      platform: ltiPlatforms,
      deployment_ids: sql<
        string[]
      >`coalesce((select array_agg(d.deployment_id order by d.created_at, d.deployment_id) from ${ltiDeployments} d where d.platform_id = ${ltiPlatforms.id}), '{}')`,
    })
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.organization_id, organizationId))
    .orderBy(asc(ltiPlatforms.created_at), asc(ltiPlatforms.id));
}

export async function selectDeploymentIds(db: Executor, platformId: string) {
  const rows = await db
    .select({ id: ltiDeployments.deployment_id })
    .from(ltiDeployments)
    .where(eq(ltiDeployments.platform_id, platformId))
    .orderBy(asc(ltiDeployments.created_at), asc(ltiDeployments.deployment_id));
  return rows.map((r) => r.id);
}

/** The platform's deployments become exactly `deploymentIds` (kept ones keep their date). */
export async function replaceDeployments(db: Executor, input: { platformId: string; deploymentIds: string[] }) {
  await db
    .delete(ltiDeployments)
    .where(
      and(
        eq(ltiDeployments.platform_id, input.platformId),
        input.deploymentIds.length ? notInArray(ltiDeployments.deployment_id, input.deploymentIds) : undefined,
      ),
    );
  if (input.deploymentIds.length)
    await db
      .insert(ltiDeployments)
      .values(input.deploymentIds.map((deployment_id) => ({ platform_id: input.platformId, deployment_id })))
      .onConflictDoNothing();
}

export async function hasDeployment(db: Executor, input: { platformId: string; deploymentId: string }) {
  const [row] = await db
    .select({ id: ltiDeployments.deployment_id })
    .from(ltiDeployments)
    .where(and(eq(ltiDeployments.platform_id, input.platformId), eq(ltiDeployments.deployment_id, input.deploymentId)))
    .limit(1);
  return Boolean(row);
}

// --- OIDC state and nonces ---

export async function insertLoginState(
  db: Executor,
  input: { stateHash: string; nonce: string; platformId: string; targetLinkUri: string; expiresAt: Date },
) {
  await db.insert(ltiLoginStates).values({
    state: input.stateHash,
    nonce: input.nonce,
    platform_id: input.platformId,
    target_link_uri: input.targetLinkUri,
    expires_at: input.expiresAt,
  });
}

/** Marks the state used, once, while it is fresh; null when unknown, used or expired. */
export async function consumeLoginState(db: Executor, stateHash: string) {
  const [row] = await db
    .update(ltiLoginStates)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(ltiLoginStates.state, stateHash),
        isNull(ltiLoginStates.used_at),
        gt(ltiLoginStates.expires_at, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a launch's nonce; false when the platform already used it (a replayed id_token). */
export async function recordNonce(db: Executor, input: { platformId: string; nonce: string; expiresAt: Date }) {
  const rows = await db
    .insert(ltiNonces)
    .values({ platform_id: input.platformId, nonce: input.nonce, expires_at: input.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: ltiNonces.nonce });
  return rows.length === 1;
}

/** Housekeeping: states and nonces past their expiry say nothing any more. */
export async function deleteExpiredLaunchRows(db: Executor) {
  await db.delete(ltiLoginStates).where(lt(ltiLoginStates.expires_at, sql`now() - interval '1 hour'`));
  await db.delete(ltiNonces).where(lt(ltiNonces.expires_at, sql`now()`));
}

// --- people ---

export async function findLinkedUser(db: Executor, input: { platformId: string; sub: string }) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, is_dev: users.is_dev })
    .from(ltiUserLinks)
    .innerJoin(users, eq(users.id, ltiUserLinks.user_id))
    .where(and(eq(ltiUserLinks.platform_id, input.platformId), eq(ltiUserLinks.sub, input.sub)))
    .limit(1);
  return row ?? null;
}

export async function emailInUse(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

/** An account that signs in only through its LMS: no password hash, so no password can ever match. */
export async function insertLaunchUser(
  db: Executor,
  input: { email: string; name: string; credits: number; platformId: string; sub: string },
) {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, password_hash: null, first_signed_in_at: sql`now()` })
    .returning({ id: users.id, name: users.name, email: users.email, is_dev: users.is_dev });
  await db.insert(creditAccounts).values({ user_id: user.id, credits_total: input.credits });
  await db.insert(ltiUserLinks).values({ platform_id: input.platformId, sub: input.sub, user_id: user.id });
  return user;
}

export async function updateUserName(db: Executor, input: { userId: string; name: string }) {
  await db
    .update(users)
    .set({ name: input.name, updated_at: sql`now()` })
    .where(and(eq(users.id, input.userId), sql`${users.name} is distinct from ${input.name}`));
}

/** Joins the organisation as a member if not already in it; returns the role held afterwards. */
export async function ensureMembership(db: Executor, input: { userId: string; organizationId: string }) {
  await db
    .insert(memberships)
    .values({ user_id: input.userId, organization_id: input.organizationId, role: "member" })
    .onConflictDoNothing();
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.user_id, input.userId), eq(memberships.organization_id, input.organizationId)));
  return row.role;
}

/** Member -> admin in this one organisation; true when the role changed. */
export async function promoteToAdmin(db: Executor, input: { userId: string; organizationId: string }) {
  const rows = await db
    .update(memberships)
    .set({ role: "admin" })
    .where(
      and(
        eq(memberships.user_id, input.userId),
        eq(memberships.organization_id, input.organizationId),
        eq(memberships.role, "member"),
      ),
    )
    .returning({ role: memberships.role });
  return rows.length === 1;
}

// --- courses ---

export async function upsertContext(
  db: Executor,
  input: { platformId: string; contextId: string; title: string; nrpsUrl?: string; lineitemsUrl?: string },
) {
  const [row] = await db
    .insert(ltiContexts)
    .values({
      platform_id: input.platformId,
      context_id: input.contextId,
      title: input.title,
      nrps_url: input.nrpsUrl ?? null,
      lineitems_url: input.lineitemsUrl ?? null,
    })
    .onConflictDoUpdate({
      target: [ltiContexts.platform_id, ltiContexts.context_id],
      set: {
        title: input.title,
        nrps_url: sql`coalesce(excluded.nrps_url, ${ltiContexts.nrps_url})`,
        lineitems_url: sql`coalesce(excluded.lineitems_url, ${ltiContexts.lineitems_url})`,
        updated_at: sql`now()`,
      },
    })
    .returning();
  return row;
}

/** The course's group, made in the platform's organisation the first time (or again if an admin deleted it). */
export async function ensureContextGroup(
  db: Executor,
  input: { contextRowId: string; groupId: string | null; organizationId: string; name: string; description: string },
) {
  if (input.groupId) return input.groupId;
  const [group] = await db
    .insert(groups)
    .values({ organization_id: input.organizationId, name: input.name, description: input.description })
    .returning({ id: groups.id });
  // Two first launches at once: the first to set the group wins; the other's group is dropped.
  const [won] = await db
    .update(ltiContexts)
    .set({ group_id: group.id, updated_at: sql`now()` })
    .where(and(eq(ltiContexts.id, input.contextRowId), isNull(ltiContexts.group_id)))
    .returning({ group_id: ltiContexts.group_id });
  if (won) return group.id;
  await db.delete(groups).where(eq(groups.id, group.id));
  const [current] = await db
    .select({ group_id: ltiContexts.group_id })
    .from(ltiContexts)
    .where(eq(ltiContexts.id, input.contextRowId));
  return current.group_id!;
}

export async function addGroupMember(db: Executor, input: { groupId: string; userId: string }) {
  await db.insert(groupMembers).values({ group_id: input.groupId, user_id: input.userId }).onConflictDoNothing();
}

// --- resource links ---

export async function findResourceLink(db: Executor, input: { contextRowId: string; resourceLinkId: string }) {
  const [row] = await db
    .select()
    .from(ltiResourceLinks)
    .where(
      and(
        eq(ltiResourceLinks.context_id, input.contextRowId),
        eq(ltiResourceLinks.resource_link_id, input.resourceLinkId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A link made by deep linking has no resource_link_id until its first launch (the LMS makes the id); the launch
 * finds it by the id Parley put in the content item's custom parameters, within the same course only.
 */
export async function claimResourceLink(
  db: Executor,
  input: { id: string; contextRowId: string; resourceLinkId: string },
) {
  const [row] = await db
    .update(ltiResourceLinks)
    .set({ resource_link_id: input.resourceLinkId, updated_at: sql`now()` })
    .where(
      and(
        eq(ltiResourceLinks.id, input.id),
        eq(ltiResourceLinks.context_id, input.contextRowId),
        isNull(ltiResourceLinks.resource_link_id),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertResourceLink(
  db: Executor,
  input: { contextRowId: string; roleplayId: string; assignmentId: string | null },
) {
  const [row] = await db
    .insert(ltiResourceLinks)
    .values({ context_id: input.contextRowId, roleplay_id: input.roleplayId, assignment_id: input.assignmentId })
    .returning();
  return row;
}

/** The course group may open the linked roleplay even when it is private (its other groups stay as they are). */
export async function shareRoleplayWithGroup(db: Executor, input: { roleplayId: string; groupId: string }) {
  await db
    .insert(roleplayGroups)
    .values({ schema_id: input.roleplayId, group_id: input.groupId })
    .onConflictDoNothing();
}

/** The line item the LMS made for this link (from the launch's AGS claim); H2's outbox sends scores there. */
export async function setLineItemUrl(db: Executor, input: { id: string; url: string }) {
  await db
    .update(ltiResourceLinks)
    .set({ line_item_url: input.url, updated_at: sql`now()` })
    .where(
      and(
        eq(ltiResourceLinks.id, input.id),
        or(isNull(ltiResourceLinks.line_item_url), sql`${ltiResourceLinks.line_item_url} <> ${input.url}`),
      ),
    );
}

/** A course link as its learner sees it: only inside an organisation the user belongs to, and only while in the course. */
export async function findLinkForMember(db: Executor, input: { linkId: string; userId: string }) {
  const [row] = await db
    .select({
      id: ltiResourceLinks.id,
      roleplay_id: roleplays.id,
      roleplay_name: roleplays.name,
      roleplay_description: roleplays.description,
      roleplay_deleted: sql<boolean>`${roleplays.deleted_at} is not null`,
      assignment_id: assignments.id,
      due_at: assignments.due_at,
      pass_mark: assignments.pass_mark,
      min_attempts: assignments.min_attempts,
      course_title: ltiContexts.title,
      organization_id: organizations.id,
      organization_name: organizations.name,
    })
    .from(ltiResourceLinks)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.context_id))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platform_id))
    .innerJoin(organizations, eq(organizations.id, ltiPlatforms.organization_id))
    .innerJoin(
      memberships,
      and(eq(memberships.organization_id, organizations.id), eq(memberships.user_id, input.userId)),
    )
    .leftJoin(roleplays, eq(roleplays.id, ltiResourceLinks.roleplay_id))
    .leftJoin(assignments, eq(assignments.id, ltiResourceLinks.assignment_id))
    .where(
      and(
        eq(ltiResourceLinks.id, input.linkId),
        // A learner dropped from the course (out of its group) no longer opens its links; admins always do.
        or(
          eq(memberships.role, "admin"),
          sql`exists (select 1 from ${groupMembers} gm where gm.group_id = ${ltiContexts.group_id} and gm.user_id = ${input.userId})`,
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

// --- one-time sessions for the new-tab hand-off ---

/** Revokes the hand-off's session row, once, while it is live; true when this call did it. */
export async function consumeHandoffSession(db: Executor, input: { sessionId: string; userId: string }) {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.user_id, input.userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function findUserForSession(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, is_dev: users.is_dev })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// --- dynamic registration tokens ---

export async function insertRegistrationToken(
  db: Executor,
  input: { tokenHash: string; organizationId: string; createdBy: string; expiresAt: Date },
) {
  await db.insert(ltiRegistrationTokens).values({
    token_hash: input.tokenHash,
    organization_id: input.organizationId,
    created_by: input.createdBy,
    expires_at: input.expiresAt,
  });
}

/** A registration token that can still be used, with its organisation. */
export async function findLiveRegistrationToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      organization_id: ltiRegistrationTokens.organization_id,
      organization_name: organizations.name,
      created_by: ltiRegistrationTokens.created_by,
      used_at: ltiRegistrationTokens.used_at,
      live: sql<boolean>`${ltiRegistrationTokens.used_at} is null and ${ltiRegistrationTokens.expires_at} > now()`,
    })
    .from(ltiRegistrationTokens)
    .innerJoin(organizations, eq(organizations.id, ltiRegistrationTokens.organization_id))
    .where(eq(ltiRegistrationTokens.token_hash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function consumeRegistrationToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(ltiRegistrationTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(ltiRegistrationTokens.token_hash, tokenHash),
        isNull(ltiRegistrationTokens.used_at),
        gt(ltiRegistrationTokens.expires_at, sql`now()`),
      ),
    )
    .returning({
      organization_id: ltiRegistrationTokens.organization_id,
      created_by: ltiRegistrationTokens.created_by,
    });
  return row ?? null;
}

export async function countPendingRegistrationTokens(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ltiRegistrationTokens)
    .where(
      and(
        eq(ltiRegistrationTokens.organization_id, organizationId),
        isNull(ltiRegistrationTokens.used_at),
        gt(ltiRegistrationTokens.expires_at, sql`now()`),
      ),
    );
  return row.n;
}

export async function deletePendingRegistrationTokens(db: Executor, organizationId: string) {
  const rows = await db
    .delete(ltiRegistrationTokens)
    .where(and(eq(ltiRegistrationTokens.organization_id, organizationId), isNull(ltiRegistrationTokens.used_at)))
    .returning({ at: ltiRegistrationTokens.created_at });
  return rows.length;
}
