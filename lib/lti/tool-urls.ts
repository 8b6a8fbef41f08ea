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

/** PUBLIC_URL when set (behind a proxy it is the only trustworthy origin), otherwise the request's own. */
export function toolOrigin(requestUrl?: string | URL): string {
  const configured = env().PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  if (!requestUrl) throw new Error("PUBLIC_URL is not set and there is no request to take the origin from");
  return new URL(requestUrl).origin;
}

export function toolUrls(requestUrl?: string | URL): ToolUrls {
  const origin = toolOrigin(requestUrl);
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
export function isOwnUrl(candidate: string, requestUrl?: string | URL): boolean {
  try {
    return new URL(candidate).origin === toolOrigin(requestUrl);
  } catch {
    return false;
  }
}

/** The origin of the request a page or server action is answering (PUBLIC_URL wins in toolUrls anyway). */
export async function currentRequestUrl(): Promise<string> {
  const { headers } = await import("next/headers");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}/`;
}
