import "server-only";

import { z } from "zod";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  consumeRegistrationToken,
  deletePendingRegistrationTokens,
  findLiveRegistrationToken,
  insertPlatform,
  insertRegistrationToken,
  replaceDeployments,
} from "@/db/queries/lti-launch";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { isUniqueViolation } from "@/lib/db-errors";
import { AppError, badRequest, conflict, notFound } from "@/lib/errors";

import { withSettings } from "./platform-settings";
import { MANAGE } from "./platforms";
import { randomToken, sha256 } from "./sealed";
import { type RequestLike, toolUrls } from "./tool-urls";

/** How long a one-time registration link an admin made stays usable. */
const REGISTRATION_LINK_TTL_MS = 7 * 24 * 3600_000;
const FETCH_TIMEOUT_MS = 10_000;
const SCOPES = [
  "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
  "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
];
const TOOL_CONFIG = "https://purl.imsglobal.org/spec/lti-tool-configuration";
const PLATFORM_CONFIG = "https://purl.imsglobal.org/spec/lti-platform-configuration";

export const LINK_NOT_FOUND = "Registration link not found";

const httpUrl = z.url({ protocol: /^https?$/ });

/** What Dynamic Registration's openid_configuration must say (LTI DR 1.0, 3.4). */
const openidConfiguration = z.object({
  issuer: httpUrl,
  authorization_endpoint: httpUrl,
  token_endpoint: httpUrl,
  jwks_uri: httpUrl,
  registration_endpoint: httpUrl,
  scopes_supported: z.array(z.string()).optional(),
  [PLATFORM_CONFIG]: z
    .object({ product_family_code: z.string().optional(), version: z.string().optional() })
    .loose()
    .optional(),
});

const registrationAnswer = z.object({
  client_id: z.string().min(1).max(255),
  [TOOL_CONFIG]: z
    .object({ deployment_id: z.string().min(1).max(255).optional() })
    .loose()
    .optional(),
});

export const registrationQuery = z.object({
  openid_configuration: httpUrl,
  registration_token: z.string().max(4096).optional(),
});

const linkUrl = (from: RequestLike, token: string) => `${toolUrls(from).origin}/lti/register/${token}`;

/** A one-time URL an admin pastes into the LMS's "register a tool by URL"; only its hash is kept. */
export async function createRegistrationLink(caller: SessionUser, from: RequestLike) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const token = randomToken();
  const expiresAt = new Date(Date.now() + REGISTRATION_LINK_TTL_MS);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await insertRegistrationToken(tx, { tokenHash: sha256(token), organizationId, createdBy: caller.id, expiresAt });
    await recordAudit(tx, {
      organizationId,
      actorId: caller.id,
      action: "lti.registration_link.created",
      targetType: "organization",
      targetId: organizationId,
      details: { expires_at: expiresAt.toISOString() },
    });
  });
  return { url: linkUrl(from, token), expires_at: expiresAt.toISOString() };
}

export async function revokeRegistrationLinks(caller: SessionUser) {
  const { organizationId } = await requireRole(caller, "admin", { action: MANAGE });
  const db = await getDb();
  const revoked = await db.transaction(async (tx) => {
    const n = await deletePendingRegistrationTokens(tx, organizationId);
    if (n)
      await recordAudit(tx, {
        organizationId,
        actorId: caller.id,
        action: "lti.registration_link.revoked",
        targetType: "organization",
        targetId: organizationId,
        details: { count: n },
      });
    return n;
  });
  return { revoked };
}

/** The registration page's view of a link: for which organisation, and whether it can still be used. */
export async function registrationLink(token: string) {
  const row = await findLiveRegistrationToken(await getDb(), sha256(token));
  if (!row) return null;
  return { organization: row.organization_name, live: row.live, used: row.used_at !== null };
}

async function fetchJson(url: string, init: RequestInit, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw new AppError("upstream:lms", `Parley could not reach the LMS's ${what}. Try the registration again.`);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new AppError("upstream:lms", `The LMS refused Parley's ${what} request (HTTP ${res.status}).`);
  return body;
}

/**
 * LTI Dynamic Registration 1.0: reads the platform's configuration, registers Parley with it (the registration
 * token as bearer), and stores the platform and its deployment in the organisation that made the link. The
 * link is used up in the same transaction, so a second attempt (or a race) registers nothing.
 */
export async function completeRegistration(
  token: string,
  query: z.output<typeof registrationQuery>,
  from: RequestLike,
) {
  const link = await registrationLink(token);
  if (!link) throw notFound(LINK_NOT_FOUND);
  if (!link.live)
    throw badRequest("This registration link has expired or was already used. Ask your Parley admin for a new one.");

  const bearer = query.registration_token ? { Authorization: `Bearer ${query.registration_token}` } : undefined;
  const parsed = openidConfiguration.safeParse(
    await fetchJson(
      query.openid_configuration,
      { headers: { Accept: "application/json", ...bearer } },
      "configuration",
    ),
  );
  if (!parsed.success) throw badRequest("The LMS's openid_configuration is missing required fields.");
  const config = parsed.data;
  // The issuer must be the host that served its configuration (DR 1.0, 3.5.1): no borrowed identity.
  if (new URL(config.issuer).host !== new URL(query.openid_configuration).host)
    throw badRequest("The LMS's issuer does not match the host of its configuration.");

  const urls = toolUrls(from);
  const scope = SCOPES.filter((s) => !config.scopes_supported || config.scopes_supported.includes(s)).join(" ");
  const request = {
    application_type: "web",
    response_types: ["id_token"],
    grant_types: ["implicit", "client_credentials"],
    initiate_login_uri: urls.login,
    redirect_uris: [urls.launch],
    client_name: "Parley",
    jwks_uri: urls.jwks,
    logo_uri: `${urls.origin}/logo.svg`,
    token_endpoint_auth_method: "private_key_jwt",
    scope,
    [TOOL_CONFIG]: {
      domain: urls.domain,
      description: "Practise sales calls, interviews and other conversations with AI personas, graded and explained.",
      target_link_uri: urls.launch,
      claims: ["iss", "sub", "name", "given_name", "family_name", "email"],
      messages: [
        { type: "LtiResourceLinkRequest", target_link_uri: urls.launch },
        {
          type: "LtiDeepLinkingRequest",
          target_link_uri: urls.launch,
          label: "Parley practice",
          placements: ["assignment_selection", "link_selection"],
          supported_types: ["ltiResourceLink"],
        },
      ],
    },
  };
  const answer = registrationAnswer.safeParse(
    await fetchJson(
      config.registration_endpoint,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", ...bearer },
        body: JSON.stringify(request),
      },
      "registration",
    ),
  );
  if (!answer.success) throw new AppError("upstream:lms", "The LMS's answer to the registration had no client_id.");
  const deploymentId = answer.data[TOOL_CONFIG]?.deployment_id;
  const product = config[PLATFORM_CONFIG]?.product_family_code ?? null;

  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeRegistrationToken(tx, sha256(token));
      if (!used) throw conflict("This registration link was used by another registration a moment ago.");
      const platform = await insertPlatform(tx, {
        organizationId: used.organization_id,
        createdBy: used.created_by,
        name: product
          ? `${product[0].toUpperCase()}${product.slice(1)} (${new URL(config.issuer).host})`
          : new URL(config.issuer).host,
        issuer: config.issuer,
        clientId: answer.data.client_id,
        authLoginUrl: config.authorization_endpoint,
        authTokenUrl: config.token_endpoint,
        jwksUrl: config.jwks_uri,
        registration: withSettings(
          { dynamic: { registered_at: new Date().toISOString(), scope }, product },
          { instructorsBecomeAdmins: false },
        ),
      });
      if (deploymentId) await replaceDeployments(tx, { platformId: platform.id, deploymentIds: [deploymentId] });
      await recordAudit(tx, {
        organizationId: used.organization_id,
        actorId: used.created_by,
        action: "lti.platform.registered",
        targetType: "lti_platform",
        targetId: platform.id,
        details: {
          issuer: config.issuer,
          client_id: answer.data.client_id,
          product,
          deployment: Boolean(deploymentId),
        },
      });
      return { platformId: platform.id, name: platform.name, organization: link.organization };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("This LMS client is already registered with Parley.");
    throw err;
  }
}
