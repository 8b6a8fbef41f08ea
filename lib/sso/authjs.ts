import "server-only";

import { NextRequest } from "next/server";
import NextAuth, { type NextAuthConfig } from "next-auth";
import type { OIDCConfig } from "next-auth/providers";

import type { SsoProvider } from "@/db/schema";
import { authSecret, env } from "@/lib/env";
import { safeNextPath } from "@/lib/safe-next";

import type { Claims } from "./claims";
import { clientAuthMethod, type Discovery } from "./discovery";
import { completeSsoSignIn, type SsoOutcome } from "./sign-in";

/**
 * Auth.js (next-auth v5) runs the OIDC dance here and nothing else: discovery, the authorisation
 * code flow with PKCE, state and nonce, the token exchange and the ID token's claims. It is mounted
 * on /api/sso (our /api/auth/* stays ours), has no credentials provider, and never issues its own
 * session: the sign-in callback issues Parley's session and always answers with a redirect URL,
 * which makes Auth.js stop before it would write a session cookie.
 */
export const SSO_BASE_PATH = "/api/sso";

/** What one request carries into Auth.js's lazy configuration, and what the sign-in callback decided. */
export type SsoRequestState = {
  provider?: SsoProvider;
  organizationName?: string;
  clientSecret?: string;
  discovery?: Discovery;
  outcome?: SsoOutcome;
};

const states = new WeakMap<Request, SsoRequestState>();

function secureCookies(url: string): boolean {
  return env().COOKIE_SECURE || url.startsWith("https:");
}

export const authjsCookieName = (url: string, name: string) => `${secureCookies(url) ? "__Secure-" : ""}authjs.${name}`;

function providerConfig(state: SsoRequestState): OIDCConfig<Claims> | null {
  const { provider, clientSecret, discovery } = state;
  if (!provider || !clientSecret || !discovery) return null;
  return {
    id: provider.id,
    name: state.organizationName ?? provider.name,
    type: "oidc",
    issuer: provider.issuer,
    clientId: provider.client_id,
    clientSecret,
    checks: ["pkce", "state", "nonce"],
    client: { token_endpoint_auth_method: clientAuthMethod(discovery) },
    authorization: {
      // Google narrows its account chooser to the Workspace domain; the hd claim is still checked.
      params: { scope: "openid email profile", ...(provider.kind === "google" ? { hd: provider.allowed_domain } : {}) },
    },
    // Never throws (Auth.js would turn that into a redirect to its own sign-in page); the rules run later.
    profile: (claims) => ({
      id: typeof claims.sub === "string" ? claims.sub : "",
      email: typeof claims.email === "string" ? claims.email : null,
      name: typeof claims.name === "string" ? claims.name : null,
    }),
  };
}

/** A path on this site, or null for anything that would leave it. */
function pathOn(url: string, baseUrl: string): string | null {
  try {
    const parsed = new URL(url, baseUrl);
    if (parsed.origin !== new URL(baseUrl).origin) return null;
    return parsed.pathname + parsed.search;
  } catch {
    return null;
  }
}

const OWN_AUTH_PAGES = /^\/auth(\?sso_error=[a-z_]+|\/sso\/complete\?next=[^#]*)?$/;

/** Where a finished sign-in may send the browser: our sign-in pages, or a safe `next` path on this site. */
export function allowedRedirect(url: string, baseUrl: string): string {
  const path = pathOn(url, baseUrl);
  if (path && OWN_AUTH_PAGES.test(path)) return baseUrl + path;
  return baseUrl + (safeNextPath(path) ?? "/dashboard");
}

function config(req: Request | undefined): NextAuthConfig {
  const state = (req && states.get(req)) ?? {};
  const provider = providerConfig(state);
  const url = req?.url ?? "http://localhost";
  return {
    basePath: SSO_BASE_PATH,
    secret: authSecret(),
    trustHost: true,
    useSecureCookies: secureCookies(url),
    providers: provider ? [provider] : [],
    pages: { signIn: "/auth", error: "/auth" },
    // Never reached (the sign-in callback always redirects), but short in case it ever were.
    session: { strategy: "jwt", maxAge: 60 },
    logger: {
      // One line, no stack, no details: Auth.js's details can hold the provider's answers.
      error: (e: Error) => console.error(`[sso] ${e.name}: ${String(e.message).split("\n")[0].slice(0, 300)}`),
      warn: (code: string) => console.warn(`[sso] warning: ${code}`),
      debug: () => {},
    },
    callbacks: {
      redirect: ({ url: target, baseUrl }) => allowedRedirect(target, baseUrl),
      async signIn({ account, profile }) {
        if (!state.provider || !profile) return "/auth?sso_error=failed";
        const outcome = await completeSsoSignIn(state.provider, profile as Claims, account?.id_token);
        state.outcome = outcome;
        if (!outcome.ok) return `/auth?sso_error=${outcome.code}`;
        const back = req && cookieOf(req, authjsCookieName(url, "callback-url"));
        const next = safeNextPath(back ? pathOn(back, new URL(url).origin) : null) ?? "/dashboard";
        return `/auth/sso/complete?next=${encodeURIComponent(next)}`;
      },
    },
  };
}

const { handlers } = NextAuth(async (req) => config(req));

function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * Runs one request through Auth.js for `url` (on the origin the browser uses) with this request's
 * provider; `state.outcome` then says what the sign-in callback decided. Auth.js gets a plain Request:
 * a NextRequest rewrites 127.0.0.1 to localhost in its URL, and Auth.js builds the redirect URI and
 * the cookies from the URL. With AUTH_URL set, next-auth applies it through a NextRequest's nextUrl.
 */
export async function runAuthjs(
  url: string,
  init: { method?: string; headers?: HeadersInit; body?: BodyInit },
  state: SsoRequestState,
): Promise<Response> {
  const req = env().AUTH_URL ? new NextRequest(url, init) : new Request(url, init);
  states.set(req, state);
  // next-auth's handlers are typed for NextRequest but read only what a Request has unless AUTH_URL is set.
  const handler = req.method === "POST" ? handlers.POST : handlers.GET;
  return handler(req as NextRequest);
}
