import "server-only";

import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from "jose";
import { z } from "zod";

import { getDb } from "@/db";
import { consumeLoginState, findPlatformById, hasDeployment } from "@/db/queries/lti-launch";
import type { LtiPlatform } from "@/db/schema";

import { CLAIM, type LaunchClaims, launchClaims } from "./claims";
import { ltiError } from "./errors";
import { sha256 } from "./sealed";

/** The form the platform posts to the launch URL (OIDC form_post): the id_token and our state, or an error. */
export const launchForm = z.object({
  id_token: z.string().min(1).max(64_000).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

// One key set per platform JWKS URL, as jose caches it: fetched on first use, again when an unknown kid
// appears (key rotation), at most every 30 s, and never kept past 10 minutes.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function platformKeys(jwksUrl: string) {
  let set = keySets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
    });
    keySets.set(jwksUrl, set);
  }
  return set;
}

/** jose's refusals, as the launch errors people see. */
function explain(err: unknown): never {
  if (err instanceof errors.JWTExpired) throw ltiError("expired_token");
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === "iss") throw ltiError("wrong_issuer");
    if (err.claim === "aud") throw ltiError("wrong_audience");
    throw ltiError("bad_token", `${err.claim}: ${err.reason}`);
  }
  if (err instanceof errors.JWKSTimeout || (err instanceof errors.JOSEError && err.code === "ERR_JOSE_GENERIC"))
    throw ltiError("platform_unreachable");
  if (err instanceof errors.JOSEError) throw ltiError("bad_token");
  if (err instanceof TypeError) throw ltiError("platform_unreachable"); // fetch of the JWKS failed
  throw err;
}

export type VerifiedLaunch = { platform: LtiPlatform; claims: LaunchClaims; nonce: string; expiresAt: Date };

/**
 * Checks a launch in the order that refuses cheapest first and consumes nothing but the state: the state
 * (ours, single use, 10 minutes), the token's signature against the platform's JWKS, iss, aud (and azp when
 * there are several audiences), exp/iat, the nonce we sent, the LTI claims, and the deployment.
 */
export async function verifyLaunch(form: z.output<typeof launchForm>): Promise<VerifiedLaunch> {
  if (form.error) throw ltiError("bad_request", form.error_description || form.error);
  if (!form.id_token || !form.state) throw ltiError("bad_request", "id_token and state are required");

  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(form.id_token);
  } catch {
    throw ltiError("bad_token");
  }

  const db = await getDb();
  const state = await consumeLoginState(db, sha256(form.state));
  if (!state) throw ltiError("missing_state");
  const platform = await findPlatformById(db, state.platform_id);
  if (!platform) throw ltiError("missing_state");
  if (unverified.iss !== platform.issuer) throw ltiError("wrong_issuer");

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(form.id_token, platformKeys(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ["RS256", "RS384", "RS512"],
      requiredClaims: ["exp", "iat", "nonce"],
      clockTolerance: 60,
      maxTokenAge: "1h",
    }));
  } catch (err) {
    explain(err);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.azp !== undefined && payload.azp !== platform.client_id) throw ltiError("wrong_audience", "azp");
  if (audiences.length > 1 && payload.azp === undefined) throw ltiError("wrong_audience", "azp is required");
  if (payload.nonce !== state.nonce) throw ltiError("nonce_mismatch");
  if (!payload.sub) throw ltiError("anonymous");

  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw ltiError(
      "bad_claims",
      `${issue.path.join(".").replace(/^https:\/\/purl\.imsglobal\.org\/spec\//, "")}: ${issue.message}`,
    );
  }
  const claims = parsed.data;
  if (!(await hasDeployment(db, { platformId: platform.id, deploymentId: claims[CLAIM.deploymentId] })))
    throw ltiError("unknown_deployment");

  return { platform, claims, nonce: state.nonce, expiresAt: new Date((payload.exp ?? 0) * 1000 + 60_000) };
}
