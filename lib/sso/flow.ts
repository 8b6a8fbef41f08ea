import "server-only";

import type { NextRequest } from "next/server";

import { getDb } from "@/db";
import { findProviderByDomain, findProviderForSignIn } from "@/db/queries/sso";
import { sessionCookie } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { clientAddress, take } from "@/lib/rate-limit";
import { safeNextPath } from "@/lib/safe-next";
import { isUuid } from "@/lib/validations/common";
import type { SsoStartInput } from "@/lib/validations/sso";

import { authjsCookieName, runAuthjs, SSO_BASE_PATH, type SsoRequestState } from "./authjs";
import { domainOf } from "./claims";
import { cachedDiscovery } from "./discovery";
import type { SsoErrorCode } from "./messages";
import { publicOriginOf } from "./origin";
import { openSecret } from "./secret-box";

/** The origin the browser sees (see ./origin.ts). */
export const publicOrigin = (req: NextRequest) => publicOriginOf(req.headers, req.url);

export const redirectUri = (origin: string, providerId: string) => `${origin}${SSO_BASE_PATH}/callback/${providerId}`;

function tooMany(seconds: number) {
  return new AppError(
    "rate_limited:sso",
    `Too many single sign-on attempts from your network. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
    { "Retry-After": String(seconds) },
  );
}

/** A provider ready for a sign-in, or why not (as an API error for the start, a code for the callback). */
async function prepare(providerId: string): Promise<SsoRequestState | SsoErrorCode> {
  const row = await findProviderForSignIn(await getDb(), providerId);
  if (!row || !row.provider.enabled) return "unavailable";
  const clientSecret = openSecret(row.provider.client_secret_encrypted);
  if (!clientSecret) return "failed";
  try {
    const discovery = await cachedDiscovery(row.provider.issuer);
    return { provider: row.provider, organizationName: row.organizationName, clientSecret, discovery };
  } catch {
    return "failed";
  }
}

const setCookies = (res: Response) => res.headers.getSetCookie();
const cookiePair = (header: string) => header.split(";")[0];

/**
 * "Sign in with your organisation": the e-mail's domain names the provider; Auth.js builds the
 * authorisation request (state, PKCE verifier and nonce go into short-lived sealed cookies) and the
 * browser is sent to the identity provider. Auth.js's own sign-in endpoint is not public: it is
 * reached only from here, with the CSRF token Auth.js hands out for it.
 */
export async function startSsoSignIn(req: NextRequest, input: SsoStartInput): Promise<Response> {
  const wait = await take("ssoStartAddress", clientAddress(req.headers));
  if (wait) throw tooMany(wait);
  const domain = domainOf(input.email);
  const row = await findProviderByDomain(await getDb(), domain);
  if (!row)
    throw notFound(
      `No organization has set up single sign-on for ${domain}. Sign in with your email and password, or ask your organization's admin.`,
    );
  if (!row.enabled)
    throw new AppError(
      "forbidden:sso",
      `Single sign-on for ${domain} is turned off. Sign in with your email and password, or ask your organization's admin.`,
    );
  const state = await prepare(row.id);
  if (typeof state === "string")
    throw new AppError(
      "upstream:sso",
      "Your organization's sign-in service could not be reached or is not set up completely. Try again in a moment, or ask your organization's admin.",
    );

  const origin = publicOrigin(req);
  const next = safeNextPath(input.next) ?? "/dashboard";
  const csrf = await runAuthjs(`${origin}${SSO_BASE_PATH}/csrf`, {}, {});
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const query = new URLSearchParams({ login_hint: input.email });
  const signin = await runAuthjs(
    `${origin}${SSO_BASE_PATH}/signin/${row.id}?${query}`,
    {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: setCookies(csrf).map(cookiePair).join("; "),
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}${next}` }),
    },
    state,
  );
  const location = signin.headers.get("location") ?? "";
  if (!location.startsWith(state.discovery!.authorization_endpoint))
    throw new AppError(
      "upstream:sso",
      "Your organization's sign-in service could not be reached. Try again in a moment.",
    );
  const csrfName = authjsCookieName(origin, "csrf-token").replace("__Secure-", "__Host-");
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const c of setCookies(signin)) if (!c.startsWith(`${csrfName}=`)) headers.append("Set-Cookie", c);
  return Response.json({ url: location }, { headers });
}

/**
 * Auth.js's error types, as the sign-in page explains them. It names only "client-safe" types in its
 * redirect (the provider's own refusal); a failed check (state, PKCE, nonce) arrives as "Configuration".
 */
const AUTHJS_ERRORS: Record<string, SsoErrorCode> = { OAuthCallbackError: "denied" };

const noStore = { "Cache-Control": "no-store" };
const json404 = () => Response.json({ detail: "No API route at this path" }, { status: 404, headers: noStore });

function toSignInPage(origin: string, code: SsoErrorCode, extra?: Headers): Response {
  const headers = new Headers(extra);
  headers.set("Location", `${origin}/auth?sso_error=${code}`);
  headers.set("Cache-Control", "no-store");
  return new Response(null, { status: 303, headers });
}

const CALLBACK = new RegExp(`^${SSO_BASE_PATH}/callback/([^/]+)/?$`);

/**
 * Everything under /api/sso/ that is not the start: only the callback reaches Auth.js (GET, or POST
 * for providers answering with form_post); every other Auth.js endpoint (session, csrf, providers,
 * signin pages, signout, credentials) is a JSON 404. Failures end on the sign-in page with a code.
 */
export async function handleSsoRoute(req: NextRequest): Promise<Response> {
  const id = CALLBACK.exec(req.nextUrl.pathname)?.[1];
  // Provider ids are uuids: "credentials" or any other name Auth.js knows is not one of ours.
  if (!id || !isUuid(id) || (req.method !== "GET" && req.method !== "POST")) return json404();
  const origin = publicOrigin(req);
  const wait = await take("ssoCallbackAddress", clientAddress(req.headers));
  if (wait) return toSignInPage(origin, "failed");
  // No state cookie: a replayed or forged callback, or a sign-in from another browser. Refused
  // before any call to the identity provider.
  if (!req.cookies.get(authjsCookieName(origin, "state"))) return toSignInPage(origin, "expired");
  const state = await prepare(id);
  if (typeof state === "string") return toSignInPage(origin, state);

  // Auth.js builds the redirect URI from the request's URL: give it the origin the browser used.
  const res = await runAuthjs(
    `${origin}${req.nextUrl.pathname}${req.nextUrl.search}`,
    { method: req.method, headers: req.headers, body: req.method === "POST" ? await req.text() : undefined },
    state,
  );
  const headers = new Headers();
  for (const c of setCookies(res)) if (!/^(__Secure-)?authjs\.session-token/.test(c)) headers.append("Set-Cookie", c);
  if (state.outcome?.ok) {
    headers.append("Set-Cookie", sessionCookie(state.outcome.token, state.outcome.maxAge, env().COOKIE_SECURE));
    return redirectWith(res.headers.get("location") ?? `${origin}/dashboard`, headers);
  }
  const location = res.headers.get("location") ?? "";
  const own = location.startsWith(`${origin}/auth?sso_error=`);
  if (own) return redirectWith(location, headers);
  const type = new URL(location || `${origin}/auth`, origin).searchParams.get("error") ?? "";
  return toSignInPage(origin, AUTHJS_ERRORS[type] ?? "failed", headers);
}

function redirectWith(location: string, headers: Headers): Response {
  headers.set("Location", location);
  headers.set("Cache-Control", "no-store");
  return new Response(null, { status: 303, headers });
}
