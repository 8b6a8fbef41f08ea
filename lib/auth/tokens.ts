import { decode, encode } from "next-auth/jwt";
import { authSecret } from "@/lib/env";

export const SESSION_COOKIE = "parley.session-token";

export type TokenClaims = { sub: string; sid: string; name: string; email: string };

/** The same Auth.js JWE serves as bearer token and as session cookie (the salt is the cookie name). */
export function encodeSessionToken(claims: TokenClaims, maxAgeSeconds: number): Promise<string> {
  return encode({ token: claims, secret: authSecret(), salt: SESSION_COOKIE, maxAge: maxAgeSeconds });
}

// Decrypting a JWE derives its key each time (~0.5 ms of CPU). Decoded claims are kept per token
// until the token expires; revocation is still checked against the sessions table on every request.
const decoded = new Map<string, { claims: TokenClaims; exp: number }>();
const CACHE_LIMIT = 10_000;

export async function decodeSessionToken(token: string): Promise<TokenClaims | null> {
  const now = Date.now() / 1000;
  const hit = decoded.get(token);
  if (hit && hit.exp > now) return hit.claims;
  try {
    const claims = await decode({ token, secret: authSecret(), salt: SESSION_COOKIE });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
    const exp = typeof claims.exp === "number" ? claims.exp : now;
    if (decoded.size >= CACHE_LIMIT) decoded.delete(decoded.keys().next().value!);
    decoded.set(token, { claims: claims as unknown as TokenClaims, exp });
    return claims as unknown as TokenClaims;
  } catch {
    return null;
  }
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie("", 0, secure);
}
