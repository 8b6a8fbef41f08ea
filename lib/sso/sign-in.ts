import "server-only";

import { createRemoteJWKSet, jwtVerify } from "jose";
import { z } from "zod";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  findIdentityUser,
  insertIdentityAndMembership,
  insertSsoUser,
  lockUserByEmail,
  otherMemberships,
  touchIdentity,
} from "@/db/queries/sso";
import { markFirstSignIn } from "@/db/queries/users";
import type { SsoProvider } from "@/db/schema";
import { issueSession } from "@/lib/auth/service";
import { isUniqueViolation } from "@/lib/db-errors";
import { env } from "@/lib/env";

import { type Claims, emailIsVerified, fromConfiguredTenant, inAllowedDomain, nameOf, normalisedEmail } from "./claims";
import { cachedDiscovery } from "./discovery";
import type { SsoErrorCode } from "./messages";

export type SsoOutcome =
  | { ok: true; token: string; maxAge: number; userId: string; created: boolean; linked: boolean }
  | { ok: false; code: SsoErrorCode };

const refuse = (code: SsoErrorCode): SsoOutcome => ({ ok: false, code });

const jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Auth.js has already checked the ID token's issuer, audience, expiry and nonce (oauth4webapi); it
 * skips the signature, which OIDC allows over TLS. Checking it against the issuer's JWKS as well
 * costs one cached key fetch and keeps a plain-HTTP or misbehaving token endpoint from being trusted.
 */
async function signatureHolds(provider: SsoProvider, idToken: string | undefined): Promise<boolean> {
  if (!idToken) return false;
  try {
    const { jwks_uri } = await cachedDiscovery(provider.issuer);
    let keys = jwks.get(jwks_uri);
    if (!keys) jwks.set(jwks_uri, (keys = createRemoteJWKSet(new URL(jwks_uri))));
    await jwtVerify(idToken, keys, { issuer: provider.issuer, audience: provider.client_id, clockTolerance: 60 });
    return true;
  } catch {
    return false;
  }
}

type Decision = { userId: string; name: string; email: string; created: boolean; linked: boolean } | SsoErrorCode;

/**
 * One transaction: the identity the provider vouches for (provider + subject) finds its account; a
 * first sign-in links the account with that verified e-mail or creates one (no password), and joins
 * the provider's organisation as a member. An account that belongs to another organisation, or a
 * developer, is refused: the session would reach beyond this organisation.
 */
async function decide(provider: SsoProvider, claims: Claims, email: string): Promise<Decision> {
  const db = await getDb();
  const subject = String(claims.sub);
  return db.transaction(async (tx) => {
    let user = await findIdentityUser(tx, { providerId: provider.id, subject });
    const known = !!user;
    let created = false;
    if (!user) {
      user = await lockUserByEmail(tx, email);
      if (!user) {
        user = await insertSsoUser(tx, { email, name: nameOf(claims), credits: env().DEFAULT_CREDITS });
        created = true;
      }
    }
    if (user.is_dev) return "developer";
    const elsewhere = await otherMemberships(tx, { userId: user.id, organizationId: provider.organization_id });
    if (elsewhere.length > 0) return "other_organization";
    if (known) await touchIdentity(tx, { providerId: provider.id, subject, email });
    else {
      await insertIdentityAndMembership(tx, {
        providerId: provider.id,
        subject,
        userId: user.id,
        email,
        organizationId: provider.organization_id,
      });
      await recordAudit(tx, {
        organizationId: provider.organization_id,
        actorId: user.id,
        action: created ? "sso.account_created" : "sso.account_linked",
        targetType: "user",
        targetId: user.id,
        details: { provider_id: provider.id, kind: provider.kind },
      });
    }
    return { userId: user.id, name: user.name, email: user.email, created, linked: !known && !created };
  });
}

/** The sign-in callback's work once Auth.js has finished the OIDC exchange. */
export async function completeSsoSignIn(
  provider: SsoProvider,
  claims: Claims,
  idToken: string | undefined,
): Promise<SsoOutcome> {
  if (!provider.enabled) return refuse("unavailable");
  if (!(await signatureHolds(provider, idToken))) return refuse("failed");
  if (typeof claims.sub !== "string" || !claims.sub) return refuse("failed");
  if (!fromConfiguredTenant(provider.kind, claims, provider.issuer)) return refuse("failed");
  const email = normalisedEmail(claims);
  if (!email || !z.email().safeParse(email).success) return refuse("no_email");
  if (!inAllowedDomain(provider.kind, claims, provider.allowed_domain)) return refuse("domain");
  if (!emailIsVerified(provider.kind, claims)) return refuse("unverified");

  let decision: Decision;
  try {
    decision = await decide(provider, claims, email);
  } catch (err) {
    // Two first sign-ins of one person at once: the unique e-mail (or identity) decides; the other retries once.
    if (!isUniqueViolation(err)) throw err;
    decision = await decide(provider, claims, email);
  }
  if (typeof decision === "string") return refuse(decision);
  await markFirstSignIn(await getDb(), decision.userId);
  const { token, maxAge } = await issueSession(decision.userId, decision.name, decision.email);
  return { ok: true, token, maxAge, userId: decision.userId, created: decision.created, linked: decision.linked };
}
