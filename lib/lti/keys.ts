import "server-only";

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";

import { type Executor, getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  deleteExpiredToolKeys,
  insertToolKey,
  lockToolKeys,
  retireActiveToolKeys,
  selectActiveToolKey,
  selectPublishedToolKeys,
} from "@/db/queries/lti-keys";
import { authSecret } from "@/lib/env";

/*
 * The tool's own RS256 keys: they sign client assertions (AGS/NRPS tokens) and deep-linking responses,
 * and platforms verify them at GET /api/lti/jwks. They belong to the tool, not to an organisation, so
 * only a developer rotates them. A retired key stays published for a grace period, so a platform that
 * cached our JWKS (or a message signed just before the rotation) still verifies.
 */
export const TOOL_KEY_ALG = "RS256";
export const RETIRED_KEY_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
// How long an instance reuses the active key it read; another instance's rotation is seen within this.
const ACTIVE_KEY_CACHE_MS = 60_000;

type ToolSigningKey = { kid: string; key: CryptoKey };

/* Private JWKs at rest: AES-256-GCM with a key derived from AUTH_SECRET (HKDF-SHA256), the kid as AAD. */
const ENCRYPTION_INFO = "Parley LTI tool key encryption v1";
function encryptionKey(): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "parley.lti_tool_keys", ENCRYPTION_INFO, 32));
}

function encryptPrivateJwk(kid: string, jwk: JWK): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(JSON.stringify(jwk), "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

function decryptPrivateJwk(kid: string, sealed: string): JWK {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("unknown tool key format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(kid));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  return JSON.parse(plain.toString("utf8")) as JWK;
}

async function createToolKey(db: Executor): Promise<{ kid: string; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(TOOL_KEY_ALG, { modulusLength: 2048, extractable: true });
  const pub = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(pub);
  const publicJwk = { kty: pub.kty, n: pub.n, e: pub.e, kid, alg: TOOL_KEY_ALG, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOOL_KEY_ALG };
  await insertToolKey(db, { kid, publicJwk, privateJwkEncrypted: encryptPrivateJwk(kid, privateJwk) });
  return { kid, privateJwk };
}

let cached: { kid: string; key: CryptoKey; secret: string; until: number } | undefined;

async function toSigningKey(kid: string, jwk: JWK): Promise<ToolSigningKey> {
  const key = (await importJWK(jwk, TOOL_KEY_ALG)) as CryptoKey;
  cached = { kid, key, secret: authSecret(), until: Date.now() + ACTIVE_KEY_CACHE_MS };
  return { kid, key };
}

/** The active signing key, created on first use (one per deployment, whichever instance asks first). */
export async function signingKey(): Promise<ToolSigningKey> {
  if (cached && cached.until > Date.now() && cached.secret === authSecret())
    return { kid: cached.kid, key: cached.key };
  const db = await getDb();
  const found = await selectActiveToolKey(db);
  if (found) {
    try {
      return await toSigningKey(found.kid, decryptPrivateJwk(found.kid, found.private_jwk_encrypted));
    } catch {
      // AUTH_SECRET changed since the key was made: it cannot be used again, so a new one replaces it.
      console.warn("[lti] the tool key cannot be decrypted with this AUTH_SECRET: a new key replaces it");
    }
  }
  const made = await db.transaction(async (tx) => {
    await lockToolKeys(tx);
    const current = await selectActiveToolKey(tx);
    if (current && current.kid !== found?.kid) {
      return { kid: current.kid, privateJwk: decryptPrivateJwk(current.kid, current.private_jwk_encrypted) };
    }
    if (current) await retireActiveToolKeys(tx);
    return createToolKey(tx);
  });
  return toSigningKey(made.kid, made.privateJwk);
}

/** The JWKS platforms fetch: the active key and keys retired within the grace period. */
export async function publicJwks(now = new Date()): Promise<{ keys: JWK[] }> {
  const db = await getDb();
  let rows = await selectPublishedToolKeys(db, { retiredAfter: new Date(now.getTime() - RETIRED_KEY_GRACE_MS) });
  if (!rows.some((r) => r.retired_at === null)) {
    await signingKey();
    rows = await selectPublishedToolKeys(db, { retiredAfter: new Date(now.getTime() - RETIRED_KEY_GRACE_MS) });
  }
  return { keys: rows.map((r) => r.public_jwk as JWK) };
}

/** The published keys for the developer console: kid, when made, when retired and until when still published. */
export async function listToolKeys(): Promise<{
  keys: { kid: string; created_at: Date; retired_at: Date | null; published_until: Date | null }[];
}> {
  await signingKey();
  const db = await getDb();
  const rows = await selectPublishedToolKeys(db, { retiredAfter: new Date(Date.now() - RETIRED_KEY_GRACE_MS) });
  return {
    keys: rows.map((r) => ({
      kid: r.kid,
      created_at: r.created_at,
      retired_at: r.retired_at,
      published_until: r.retired_at ? new Date(r.retired_at.getTime() + RETIRED_KEY_GRACE_MS) : null,
    })),
  };
}

/** A new active key; the old one is retired (still published for the grace period). Developers only. */
export async function rotateToolKey(actorId: string | null): Promise<{ kid: string; retired: string[] }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await lockToolKeys(tx);
    const retired = await retireActiveToolKeys(tx);
    await deleteExpiredToolKeys(tx, { retiredBefore: new Date(Date.now() - RETIRED_KEY_GRACE_MS) });
    const { kid, privateJwk } = await createToolKey(tx);
    await recordAudit(tx, {
      organizationId: null,
      actorId,
      action: "lti.tool_key.rotated",
      targetType: "lti_tool_key",
      targetId: kid,
      details: { retired },
    });
    return { kid, privateJwk, retired };
  });
  await toSigningKey(result.kid, result.privateJwk);
  return { kid: result.kid, retired: result.retired };
}
