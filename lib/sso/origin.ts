import "server-only";

import { env } from "@/lib/env";

/**
 * The origin the browser sees, for redirect URIs and cookies: AUTH_URL when set (a proxy in front
 * that rewrites the host or ends TLS), else the Host header the browser sent, with https when the
 * app runs behind HTTPS (COOKIE_SECURE). `next start` may report another host name in the request
 * URL (localhost for 127.0.0.1), and cookies set for one are never sent to the other.
 */
export function publicOriginOf(headers: Headers, requestUrl: string): string {
  const configured = env().AUTH_URL;
  if (configured && URL.canParse(configured)) return new URL(configured).origin;
  const url = new URL(requestUrl);
  const host = headers.get("host") ?? url.host;
  const protocol = env().COOKIE_SECURE ? "https:" : url.protocol;
  return URL.canParse(`${protocol}//${host}`) ? new URL(`${protocol}//${host}`).origin : url.origin;
}
