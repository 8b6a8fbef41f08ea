import "server-only";

import { ZodError } from "zod";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  countIdentities,
  deleteProviderRow,
  findProvider,
  insertProvider,
  lockDomainTaken,
  selectProviders,
  updateProviderRow,
} from "@/db/queries/sso";
import type { SsoProvider } from "@/db/schema";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { AppError, notFound } from "@/lib/errors";
import type { CreateSsoProviderInput, UpdateSsoProviderInput } from "@/lib/validations/sso";

import { fetchDiscovery } from "./discovery";
import { redirectUri } from "./flow";
import { KIND_LABELS } from "./issuers";
import { openSecret, sealSecret } from "./secret-box";

/** What an admin sees of a provider: everything but the client secret, which is write-only. */
export type SsoProviderSummary = {
  id: string;
  kind: SsoProvider["kind"];
  name: string;
  issuer: string;
  client_id: string;
  allowed_domain: string;
  enabled: boolean;
  /** The address to register at the identity provider. */
  redirect_uri: string;
  /** False when the stored secret cannot be read (AUTH_SECRET changed): enter it again. */
  secret_readable: boolean;
  sign_ins: number;
  created_at: string;
  updated_at: string;
};

const NOT_FOUND = "SSO provider not found";

function present(row: SsoProvider, origin: string, signIns = 0): SsoProviderSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name || KIND_LABELS[row.kind],
    issuer: row.issuer,
    client_id: row.client_id,
    allowed_domain: row.allowed_domain,
    enabled: row.enabled,
    redirect_uri: redirectUri(origin, row.id),
    secret_readable: openSecret(row.client_secret_encrypted) !== null,
    sign_ins: signIns,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const fieldError = (field: string, message: string) =>
  new ZodError([{ code: "custom", path: [field], message, input: undefined }]);

/** The issuer must serve a discovery document naming itself; the admin learns why not, under the field. */
async function checkIssuer(issuer: string) {
  try {
    await fetchDiscovery(issuer);
  } catch (err) {
    if (err instanceof AppError) throw fieldError("issuer", err.message);
    throw err;
  }
}

async function organizationOf(caller: SessionUser) {
  return (await requireRole(caller, "admin", { action: "manage single sign-on" })).organizationId;
}

export async function listSsoProviders(caller: SessionUser, origin: string) {
  const organizationId = await organizationOf(caller);
  const db = await getDb();
  const [rows, counts] = await Promise.all([selectProviders(db, organizationId), countIdentities(db, organizationId)]);
  return { providers: rows.map((r) => present(r, origin, counts.get(r.id) ?? 0)) };
}

async function assertDomainFree(
  tx: Parameters<typeof lockDomainTaken>[0],
  input: { domain: string; organizationId: string; exceptId?: string },
) {
  const taken = await lockDomainTaken(tx, { domain: input.domain, exceptId: input.exceptId });
  if (!taken) return;
  throw fieldError(
    "allowed_domain",
    taken.organizationId === input.organizationId
      ? `This organization already has a provider for ${input.domain}`
      : `Another organization already uses single sign-on for ${input.domain}`,
  );
}

export async function createSsoProvider(caller: SessionUser, input: CreateSsoProviderInput, origin: string) {
  const organizationId = await organizationOf(caller);
  await checkIssuer(input.issuer);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await assertDomainFree(tx, { domain: input.allowed_domain, organizationId });
    const created = await insertProvider(tx, {
      organizationId,
      createdBy: caller.id,
      kind: input.kind,
      name: input.name ?? "",
      issuer: input.issuer,
      clientId: input.client_id,
      clientSecretEncrypted: sealSecret(input.client_secret),
      allowedDomain: input.allowed_domain,
      enabled: input.enabled,
    });
    await recordAudit(tx, {
      organizationId,
      actorId: caller.id,
      action: "sso.provider_created",
      targetType: "sso_provider",
      targetId: created.id,
      details: { kind: input.kind, issuer: input.issuer, allowed_domain: input.allowed_domain, enabled: input.enabled },
    });
    return created;
  });
  return present(row, origin);
}

export async function updateSsoProvider(
  caller: SessionUser,
  id: string,
  input: UpdateSsoProviderInput,
  origin: string,
) {
  const organizationId = await organizationOf(caller);
  const db = await getDb();
  const current = await findProvider(db, { id, organizationId });
  if (!current) throw notFound(NOT_FOUND);
  if (input.issuer !== undefined && input.issuer !== current.issuer) await checkIssuer(input.issuer);
  const row = await db.transaction(async (tx) => {
    if (input.allowed_domain && input.allowed_domain !== current.allowed_domain.toLowerCase())
      await assertDomainFree(tx, { domain: input.allowed_domain, organizationId, exceptId: id });
    const updated = await updateProviderRow(tx, {
      id,
      organizationId,
      kind: input.kind,
      name: input.name,
      issuer: input.issuer,
      clientId: input.client_id,
      clientSecretEncrypted: input.client_secret ? sealSecret(input.client_secret) : undefined,
      allowedDomain: input.allowed_domain,
      enabled: input.enabled,
    });
    if (!updated) throw notFound(NOT_FOUND);
    const changed = (["kind", "name", "issuer", "client_id", "allowed_domain", "enabled"] as const).filter(
      (k) => input[k] !== undefined && input[k] !== current[k],
    );
    await recordAudit(tx, {
      organizationId,
      actorId: caller.id,
      action: "sso.provider_updated",
      targetType: "sso_provider",
      targetId: id,
      // Names of changed fields and the new non-secret values; the secret only as "replaced".
      details: {
        changed,
        ...Object.fromEntries(changed.map((k) => [k, updated[k]])),
        client_secret_replaced: !!input.client_secret,
      },
    });
    return updated;
  });
  return present(row, origin);
}

export async function deleteSsoProvider(caller: SessionUser, id: string) {
  const organizationId = await organizationOf(caller);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await findProvider(tx, { id, organizationId });
    if (!current || !(await deleteProviderRow(tx, { id, organizationId }))) throw notFound(NOT_FOUND);
    await recordAudit(tx, {
      organizationId,
      actorId: caller.id,
      action: "sso.provider_deleted",
      targetType: "sso_provider",
      targetId: id,
      details: { kind: current.kind, issuer: current.issuer, allowed_domain: current.allowed_domain },
    });
  });
  return { message: "SSO provider deleted" };
}
