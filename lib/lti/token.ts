import "server-only";

import { SignJWT } from "jose";

import { env } from "@/lib/env";

import { signingKey } from "./keys";

/** The scopes Parley asks platforms for (LTI AGS 2.0 and NRPS 2.0). */
export const SCOPES = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  lineItemReadonly: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
} as const;

export type TokenPlatform = { id: string; client_id: string; auth_token_url: string };

/** A platform's service call went wrong; `retryable` says whether trying again later may help. */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

// Refreshed this long before the platform says the token expires, so a call never carries a dying one.
const EXPIRY_MARGIN_MS = 60_000;
const cache = new Map<string, { token: string; expiresAt: number }>();
const inFlight = new Map<string, Promise<string>>();

const cacheKey = (platform: TokenPlatform, scopes: readonly string[]) =>
  [platform.id, platform.auth_token_url, platform.client_id, [...scopes].sort().join(" ")].join("|");

/** RFC 7523 client assertion: iss = sub = our client id, aud = the platform's token URL, signed with the tool key. */
export async function clientAssertion(platform: TokenPlatform): Promise<string> {
  const { kid, key } = await signingKey();
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(platform.client_id)
    .setSubject(platform.client_id)
    .setAudience(platform.auth_token_url)
    .setIssuedAt()
    .setExpirationTime("5m")
    .setJti(crypto.randomUUID())
    .sign(key);
}

/** Any HTTP call to a platform: a time limit, and failures turned into PlatformErrors that say whether to retry. */
async function platformFetch(url: string, init: RequestInit, what: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(env().LTI_HTTP_TIMEOUT_MS) });
  } catch (err) {
    const reason = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "could not be reached";
    throw new PlatformError(`${what}: the platform ${reason}`, true);
  }
  if (res.ok) return res;
  const detail = (await res.text().catch(() => "")).replace(/\s+/g, " ").slice(0, 200);
  const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
  const after = Number(res.headers.get("retry-after"));
  throw new PlatformError(
    `${what}: the platform answered ${res.status}${detail ? ` (${detail})` : ""}`,
    retryable,
    res.status,
    Number.isFinite(after) && after > 0 ? after * 1000 : undefined,
  );
}

async function requestToken(platform: TokenPlatform, scopes: readonly string[]): Promise<string> {
  const form = new URLSearchParams({
    grant_type: "client_credentials",
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: await clientAssertion(platform),
    scope: scopes.join(" "),
  });
  const res = await platformFetch(
    platform.auth_token_url,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form,
    },
    "access token",
  );
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (typeof body?.access_token !== "string" || !body.access_token) {
    throw new PlatformError("access token: the platform's answer has no access_token", true);
  }
  const lifetimeMs = (typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 3600) * 1000;
  cache.set(cacheKey(platform, scopes), {
    token: body.access_token,
    expiresAt: Date.now() + Math.max(lifetimeMs - EXPIRY_MARGIN_MS, lifetimeMs / 2),
  });
  return body.access_token;
}

/** An access token for these scopes, reused per platform and scopes until shortly before it expires. */
export async function accessToken(platform: TokenPlatform, scopes: readonly string[]): Promise<string> {
  const key = cacheKey(platform, scopes);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.token;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = requestToken(platform, scopes).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Forgets a token the platform refused (401), so the next call asks for a new one. */
function dropAccessToken(platform: TokenPlatform, scopes: readonly string[]): void {
  cache.delete(cacheKey(platform, scopes));
}

/** A service call with a bearer token; a 401 is retried once with a fresh token. */
export async function serviceFetch(
  platform: TokenPlatform,
  scopes: readonly string[],
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  const send = async () =>
    platformFetch(
      url,
      {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${await accessToken(platform, scopes)}`,
        },
      },
      what,
    );
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof PlatformError) || err.status !== 401) throw err;
    dropAccessToken(platform, scopes);
    return send();
  }
}
