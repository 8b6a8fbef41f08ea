import "server-only";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  countPendingRegistrationTokens,
  deletePlatformRow,
  findPlatformOfOrganization,
  insertPlatform,
  replaceDeployments,
  selectDeploymentIds,
  selectOrganizationPlatforms,
  updatePlatformRow,
} from "@/db/queries/lti-launch";
import type { LtiPlatform } from "@/db/schema";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { isUniqueViolation } from "@/lib/db-errors";
import { conflict, notFound } from "@/lib/errors";
import type { PlatformInput } from "@/lib/validations/lti";

import { platformSettings, withSettings } from "./platform-settings";
import { type RequestLike, toolUrls } from "./tool-urls";

export const MANAGE = "manage LMS connections";
const TAKEN = "This LMS client (issuer and client id) is already registered with Parley";

/** A platform as its admin sees it: what was pasted, never anything secret (a platform has no secret here). */
function presentPlatform(p: LtiPlatform, deploymentIds: string[]) {
  const registration = p.registration ?? {};
  return {
    id: p.id,
    name: p.name,
    issuer: p.issuer,
    client_id: p.client_id,
    auth_login_url: p.auth_login_url,
    auth_token_url: p.auth_token_url,
    jwks_url: p.jwks_url,
    deployment_ids: deploymentIds,
    instructors_become_admins: platformSettings(p).instructorsBecomeAdmins,
    registered_by: typeof registration.dynamic === "object" ? "dynamic" : "manual",
    product: typeof registration.product === "string" ? registration.product : null,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}
export type PresentedPlatform = ReturnType<typeof presentPlatform>;

const values = (input: PlatformInput, registration: Record<string, unknown> | null) => ({
  name: input.name,
  issuer: input.issuer,
  clientId: input.client_id,
  authLoginUrl: input.auth_login_url,
  authTokenUrl: input.auth_token_url,
  jwksUrl: input.jwks_url,
  registration: withSettings(registration, { instructorsBecomeAdmins: input.instructors_become_admins }),
});

/** The organisation's LMS registrations and the URLs to paste into an LMS. */
export async function listPlatforms(caller: SessionUser, from: RequestLike) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  const [rows, pending] = await Promise.all([
    selectOrganizationPlatforms(db, organizationId),
    countPendingRegistrationTokens(db, organizationId),
  ]);
  return {
    tool: toolUrls(from),
    platforms: rows.map((r) => presentPlatform(r.platform, r.deployment_ids)),
    pending_registration_links: pending,
  };
}

export async function getPlatform(caller: SessionUser, id: string) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  const row = await findPlatformOfOrganization(db, { id, organizationId });
  if (!row) throw notFound("LTI platform not found", "lti_platform");
  return presentPlatform(row, await selectDeploymentIds(db, row.id));
}

async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TAKEN);
    throw err;
  }
}

export async function createPlatform(caller: SessionUser, input: PlatformInput) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  const row = await unique(() =>
    db.transaction(async (tx) => {
      const made = await insertPlatform(tx, { ...values(input, null), organizationId, createdBy: caller.id });
      await replaceDeployments(tx, { platformId: made.id, deploymentIds: input.deployment_ids });
      await recordAudit(tx, {
        organizationId,
        actorId: caller.id,
        action: "lti.platform.created",
        targetType: "lti_platform",
        targetId: made.id,
        details: { issuer: input.issuer, client_id: input.client_id, deployments: input.deployment_ids.length },
      });
      return made;
    }),
  );
  return presentPlatform(row, input.deployment_ids);
}

export async function updatePlatform(caller: SessionUser, id: string, input: PlatformInput) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  const current = await findPlatformOfOrganization(db, { id, organizationId });
  if (!current) throw notFound("LTI platform not found", "lti_platform");
  const row = await unique(() =>
    db.transaction(async (tx) => {
      const updated = await updatePlatformRow(tx, { ...values(input, current.registration), id, organizationId });
      if (!updated) throw notFound("LTI platform not found", "lti_platform");
      await replaceDeployments(tx, { platformId: id, deploymentIds: input.deployment_ids });
      await recordAudit(tx, {
        organizationId,
        actorId: caller.id,
        action: "lti.platform.updated",
        targetType: "lti_platform",
        targetId: id,
        details: {
          issuer: input.issuer,
          client_id: input.client_id,
          deployments: input.deployment_ids.length,
          instructors_become_admins: input.instructors_become_admins,
        },
      });
      return updated;
    }),
  );
  return presentPlatform(row, input.deployment_ids);
}

/** Removes the registration: its launches stop; the accounts, groups and grades it made stay. */
export async function deletePlatform(caller: SessionUser, id: string) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const gone = await deletePlatformRow(tx, { id, organizationId });
    if (!gone) throw notFound("LTI platform not found", "lti_platform");
    await recordAudit(tx, {
      organizationId,
      actorId: caller.id,
      action: "lti.platform.deleted",
      targetType: "lti_platform",
      targetId: id,
      details: { issuer: gone.issuer, client_id: gone.client_id },
    });
  });
  return { message: "LMS registration deleted", id };
}
