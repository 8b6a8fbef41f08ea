import "server-only";

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { authSecret } from "@/lib/env";

/*
 * Client secrets of SSO providers are stored sealed with AES-256-GCM under a key derived from
 * AUTH_SECRET (HKDF, its own label), so a copy of the database alone does not reveal them.
 * Format: "v1.<iv>.<ciphertext+tag>" in base64url. Rotating AUTH_SECRET makes them unreadable:
 * the admin page then asks for the secret again.
 */
let cached: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = authSecret();
  if (cached?.secret !== secret)
    cached = { secret, key: Buffer.from(hkdfSync("sha256", secret, "parley", "sso client secrets", 32)) };
  return cached.key;
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

/** The secret, or null when it was sealed under another AUTH_SECRET (or the value is damaged). */
export function openSecret(sealed: string): string | null {
  const [version, iv, body] = sealed.split(".");
  if (version !== "v1" || !iv || !body) return null;
  try {
    const raw = Buffer.from(body, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
