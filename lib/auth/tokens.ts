import "server-only";

import { hkdfSync } from "node:crypto";

import { EncryptJWT, jwtDecrypt } from "jose";

import { authSecret } from "@/lib/env";

export const SESSION_COOKIE = "parley.session-token";
/** Set by proxy.ts on protected pages: the path a signed-out visitor returns to after signing in. */
export const PAGE_PATH_HEADER = "x-parley-page-path";

type TokenClaims = { sub: string; sid: string; name: string; email: string };

/*
 * Session tokens are JWEs (dir + A256CBC-HS512) whose key is derived from AUTH_SECRET with HKDF,
 * the same format Auth.js used here before, so tokens issued before Auth.js was removed still
 * decode. jose does the cryptography; no route of a library issues or extends a session any more.
 * The token alone never authenticates: every use also checks its `sessions` row (revocation).
 */
const ENC = "A256CBC-HS512";
const keys = new Map<string, Uint8Array>();
function key(): Uint8Array {
  const secret = authSecret();
  let k = keys.get(secret);
  if (!k) {
    k = new Uint8Array(
      hkdfSync("sha256", secret, SESSION_COOKIE, `Auth.js Generated Encryption Key (${SESSION_COOKIE})`, 64),
    );
    keys.clear();
    keys.set(secret, k);
  }
  return k;
}

/** The same token serves as bearer token and as session cookie. */
export function encodeSessionToken(claims: TokenClaims, maxAgeSeconds: number): Promise<string> {
  return new EncryptJWT({ ...claims })
    .setProtectedHeader({ alg: "dir", enc: ENC })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + maxAgeSeconds)
    .setJti(crypto.randomUUID())
    .encrypt(key());
}

async function decode(token: string) {
  const { payload } = await jwtDecrypt(token, key(), {
    clockTolerance: 15,
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: [ENC],
  });
  return payload;
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
    const claims = await decode(token);
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
