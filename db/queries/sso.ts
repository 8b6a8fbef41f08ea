import "server-only";

import { and, asc, eq, ne, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { creditAccounts, memberships, organizations, ssoProviders, userIdentities, users } from "@/db/schema";

type ProviderValues = {
  kind: "entra" | "google" | "oidc";
  name: string;
  issuer: string;
  clientId: string;
  clientSecretEncrypted?: string;
  allowedDomain: string;
  enabled: boolean;
};

/** An organisation's providers, oldest first (the sealed secret stays in the database layer's hands). */
export async function selectProviders(db: Executor, organizationId: string) {
  return db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.organization_id, organizationId))
    .orderBy(asc(ssoProviders.created_at), asc(ssoProviders.id));
}

export async function findProvider(db: Executor, input: { id: string; organizationId: string }) {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.id, input.id), eq(ssoProviders.organization_id, input.organizationId)));
  return row ?? null;
}

/** A provider by id alone, with its organisation's name: the sign-in flow names it in the URL. */
export async function findProviderForSignIn(db: Executor, id: string) {
  const [row] = await db
    .select({ provider: ssoProviders, organizationName: organizations.name })
    .from(ssoProviders)
    .innerJoin(organizations, eq(organizations.id, ssoProviders.organization_id))
    .where(eq(ssoProviders.id, id));
  return row ?? null;
}

/** The provider that answers for an e-mail domain (one per domain across all organisations). */
export async function findProviderByDomain(db: Executor, domain: string) {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(sql`lower(${ssoProviders.allowed_domain}) = lower(${domain})`)
    .orderBy(asc(ssoProviders.created_at))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises saves that name one domain (an advisory lock for the transaction), then says whether
 * another provider already answers for it. Without a unique index this is what keeps it one per domain.
 */
export async function lockDomainTaken(db: Executor, input: { domain: string; exceptId?: string }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sso-domain:${input.domain.toLowerCase()}`}))`);
  const [row] = await db
    .select({ organizationId: ssoProviders.organization_id })
    .from(ssoProviders)
    .where(
      and(
        sql`lower(${ssoProviders.allowed_domain}) = lower(${input.domain})`,
        input.exceptId ? ne(ssoProviders.id, input.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertProvider(
  db: Executor,
  input: ProviderValues & { organizationId: string; createdBy: string; clientSecretEncrypted: string },
) {
  const [row] = await db
    .insert(ssoProviders)
    .values({
      organization_id: input.organizationId,
      kind: input.kind,
      name: input.name,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret_encrypted: input.clientSecretEncrypted,
      allowed_domain: input.allowedDomain,
      enabled: input.enabled,
      created_by: input.createdBy,
    })
    .returning();
  return row;
}

export async function updateProviderRow(
  db: Executor,
  input: Partial<ProviderValues> & { id: string; organizationId: string },
) {
  const [row] = await db
    .update(ssoProviders)
    .set({
      kind: input.kind,
      name: input.name,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret_encrypted: input.clientSecretEncrypted,
      allowed_domain: input.allowedDomain,
      enabled: input.enabled,
      updated_at: sql`now()`,
    })
    .where(and(eq(ssoProviders.id, input.id), eq(ssoProviders.organization_id, input.organizationId)))
    .returning();
  return row ?? null;
}

export async function deleteProviderRow(db: Executor, input: { id: string; organizationId: string }) {
  const rows = await db
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.id, input.id), eq(ssoProviders.organization_id, input.organizationId)))
    .returning({ id: ssoProviders.id });
  return rows.length > 0;
}

/** How many accounts have signed in through each of the organisation's providers. */
export async function countIdentities(db: Executor, organizationId: string) {
  const rows = await db
    .select({ providerId: userIdentities.provider_id, count: sql<number>`count(*)::int` })
    .from(userIdentities)
    .innerJoin(ssoProviders, eq(ssoProviders.id, userIdentities.provider_id))
    .where(eq(ssoProviders.organization_id, organizationId))
    .groupBy(userIdentities.provider_id);
  return new Map(rows.map((r) => [r.providerId, r.count]));
}

export async function findIdentityUser(db: Executor, input: { providerId: string; subject: string }) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.user_id))
    .where(and(eq(userIdentities.provider_id, input.providerId), eq(userIdentities.subject, input.subject)));
  return row?.user ?? null;
}

/** Locks the account with this e-mail for the transaction (parallel first sign-ins take turns). */
export async function lockUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for("update");
  return row ?? null;
}

/** An account that signs in only through single sign-on: no password can ever match. */
export async function insertSsoUser(db: Executor, input: { email: string; name: string; credits: number }) {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, password_hash: null, is_dev: false })
    .returning();
  await db.insert(creditAccounts).values({ user_id: user.id, credits_total: input.credits });
  return user;
}

/** Organisations other than `organizationId` the account belongs to (a session would reach them too). */
export async function otherMemberships(db: Executor, input: { userId: string; organizationId: string }) {
  return db
    .select({ organizationId: memberships.organization_id })
    .from(memberships)
    .where(and(eq(memberships.user_id, input.userId), ne(memberships.organization_id, input.organizationId)));
}

/** Binds the provider's subject to the account and makes it a member (an existing role is kept). */
export async function insertIdentityAndMembership(
  db: Executor,
  input: { providerId: string; subject: string; userId: string; email: string; organizationId: string },
) {
  await db.insert(userIdentities).values({
    provider_id: input.providerId,
    subject: input.subject,
    user_id: input.userId,
    email: input.email,
    last_signed_in_at: sql`now()`,
  });
  await db
    .insert(memberships)
    .values({ user_id: input.userId, organization_id: input.organizationId, role: "member" })
    .onConflictDoNothing();
}

export async function touchIdentity(db: Executor, input: { providerId: string; subject: string; email: string }) {
  await db
    .update(userIdentities)
    .set({ last_signed_in_at: sql`now()`, email: input.email })
    .where(and(eq(userIdentities.provider_id, input.providerId), eq(userIdentities.subject, input.subject)));
}
