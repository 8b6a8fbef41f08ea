import "server-only";

import { env } from "@/lib/env";

/** The URLs an LMS is given for Parley (manual registration pastes them; dynamic registration sends them). */
export type ToolUrls = {
  origin: string;
  domain: string;
  login: string;
  launch: string;
  deepLink: string;
  jwks: string;
  icon: string;
};

export type RequestLike = string | URL | Request;

/** The origin a request was made to: its Host header (Next.js rewrites req.url's host), else its URL's. */
function originOf(from: RequestLike): string {
  if (!(from instanceof Request)) return new URL(from).origin;
  const proxied = env().TRUSTED_PROXY_HOPS > 0;
  const host = (proxied && from.headers.get("x-forwarded-host")) || from.headers.get("host");
  const proto = (proxied && from.headers.get("x-forwarded-proto")) || new URL(from.url).protocol.replace(":", "");
  return host ? `${proto}://${host}` : new URL(from.url).origin;
}

/** PUBLIC_URL when set (behind a proxy it is the only trustworthy origin), otherwise the request's own. */
export function toolOrigin(from?: RequestLike): string {
  // One public origin serves both integrations: single sign-on's AUTH_URL counts when PUBLIC_URL is unset.
  const configured = env().PUBLIC_URL || env().AUTH_URL;
  if (configured) return new URL(configured).origin;
  if (!from) throw new Error("PUBLIC_URL is not set and there is no request to take the origin from");
  return originOf(from);
}

export function toolUrls(from?: RequestLike): ToolUrls {
  const origin = toolOrigin(from);
  return {
    origin,
    domain: new URL(origin).host,
    login: `${origin}/api/lti/login`,
    launch: `${origin}/api/lti/launch`,
    // One launch URL serves both messages; the message type says which it is.
    deepLink: `${origin}/api/lti/launch`,
    jwks: `${origin}/api/lti/jwks`,
    icon: `${origin}/icon.svg`,
  };
}

/** A target_link_uri an LMS sends must be one of ours: same origin as the tool. */
export function isOwnUrl(candidate: string, from?: RequestLike): boolean {
  try {
    return new URL(candidate).origin === toolOrigin(from);
  } catch {
    return false;
  }
}

/** The origin of the request a page or server action is answering (PUBLIC_URL wins in toolUrls anyway). */
export async function currentRequestUrl(): Promise<string> {
  const { headers } = await import("next/headers");
  const h = await headers();
  const proxied = env().TRUSTED_PROXY_HOPS > 0;
  const host = (proxied && h.get("x-forwarded-host")) || h.get("host") || "localhost";
  const proto = (proxied && h.get("x-forwarded-proto")) || "http";
  return `${proto}://${host}/`;
}
