import { compactVerify, createLocalJWKSet, SignJWT } from "jose";
import { describe, expect, it } from "vitest";

import { POST as rotate } from "@/app/api/dev/lti/keys/rotate/route";
import { GET as getJwks } from "@/app/api/lti/jwks/route";
import { getDb } from "@/db";
import { auditLog, ltiToolKeys } from "@/db/schema";
import { publicJwks, RETIRED_KEY_GRACE_MS, rotateToolKey, signingKey } from "@/lib/lti/keys";

import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

async function signWith(key: Awaited<ReturnType<typeof signingKey>>) {
  return new SignJWT({ hello: "platform" })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .setIssuedAt()
    .sign(key.key);
}

describe("tool keys", () => {
  it("makes one RS256 key on first use, stores its private part encrypted and publishes only the public part", async () => {
    const first = await signingKey();
    expect(await signingKey()).toMatchObject({ kid: first.kid });
    const db = await getDb();
    const rows = await db.select().from(ltiToolKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0].private_jwk_encrypted).toMatch(/^v1\./);
    expect(rows[0].private_jwk_encrypted).not.toContain('"d"');
    const res = await call(getJwks);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.json.keys).toHaveLength(1);
    expect(res.json.keys[0]).toEqual(expect.objectContaining({ kid: first.kid, kty: "RSA", alg: "RS256", use: "sig" }));
    for (const key of res.json.keys) expect(Object.keys(key)).not.toEqual(expect.arrayContaining(["d"]));
    const jwks = createLocalJWKSet(res.json);
    await expect(compactVerify(await signWith(first), jwks)).resolves.toBeTruthy();
  });

  it("rotates: signs with the new key, keeps the old one published for the grace period, then drops it", async () => {
    const old = await signingKey();
    const dev = await createUser({ isDev: true });
    const res = await call(rotate, { method: "POST", token: dev.token });
    expect(res.status).toBe(200);
    expect(res.json.retired).toEqual([old.kid]);
    const next = await signingKey();
    expect(next.kid).toBe(res.json.kid);
    expect(next.kid).not.toBe(old.kid);
    const jwks = createLocalJWKSet(await publicJwks());
    await expect(compactVerify(await signWith(old), jwks)).resolves.toBeTruthy();
    await expect(compactVerify(await signWith(next), jwks)).resolves.toBeTruthy();

    const later = new Date(Date.now() + RETIRED_KEY_GRACE_MS + 60_000);
    expect((await publicJwks(later)).keys.map((k) => k.kid)).toEqual([next.kid]);

    const db = await getDb();
    const audits = await db.select().from(auditLog);
    expect(audits).toContainEqual(
      expect.objectContaining({ action: "lti.tool_key.rotated", actor_id: dev.id, target_id: next.kid }),
    );
  });

  it("lets only developers rotate", async () => {
    const member = await createUser();
    const before = (await signingKey()).kid;
    expect((await call(rotate, { method: "POST", token: member.token })).status).toBe(403);
    expect((await call(rotate, { method: "POST" })).status).toBe(401);
    expect((await signingKey()).kid).toBe(before);
  });

  it("drops keys retired longer ago than the grace period at the next rotation", async () => {
    const db = await getDb();
    await db.update(ltiToolKeys).set({ retired_at: new Date(Date.now() - RETIRED_KEY_GRACE_MS - 1000) });
    await rotateToolKey(null);
    const rows = await db.select().from(ltiToolKeys);
    expect(rows).toHaveLength(1);
  });
});
