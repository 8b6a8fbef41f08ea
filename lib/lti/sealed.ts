import "server-only";

import { createHash, hkdfSync, randomBytes } from "node:crypto";

import { EncryptJWT, jwtDecrypt } from "jose";

import { authSecret } from "@/lib/env";

/** A random secret for URLs and forms (state, nonce, one-time links): 256 bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Only a hash of a one-time secret is stored, so a database read cannot replay it. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/*
 * Short-lived values the browser carries between two of our own requests (the new-tab hand-off code, the
 * deep-linking picker's context): encrypted and authenticated, with a key of their own derived from
 * AUTH_SECRET, so they can be neither read, altered nor mistaken for a session token (another key).
 */
type Purpose = "lti-handoff" | "lti-deep-link";
const ENC = "A256GCM";
function key(purpose: Purpose): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", authSecret(), "parley.lti", `Parley ${purpose} v1`, 32));
}

export function seal(purpose: Purpose, claims: Record<string, unknown>, ttlSeconds: number): Promise<string> {
  return new EncryptJWT({ ...claims, purpose })
    .setProtectedHeader({ alg: "dir", enc: ENC })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .encrypt(key(purpose));
}

/** The claims, or null when forged, altered, expired or made for another purpose. */
export async function unseal<T>(purpose: Purpose, token: string): Promise<T | null> {
  try {
    const { payload } = await jwtDecrypt(token, key(purpose), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: [ENC],
    });
    return payload.purpose === purpose ? (payload as T) : null;
  } catch {
    return null;
  }
}
