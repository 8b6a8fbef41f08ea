import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DELETE as deleteProvider, PATCH as updateProvider } from "@/app/api/organization/sso/[id]/route";
import { GET as listProviders, POST as createProvider } from "@/app/api/organization/sso/route";
import { getDb } from "@/db";
import { auditLog, ssoProviders } from "@/db/schema";
import { openSecret } from "@/lib/sso/secret-box";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { type OidcProviderStandIn, startOidcProvider } from "../helpers/oidc-provider";

let idp: OidcProviderStandIn;
let admin: Awaited<ReturnType<typeof createUser>>;
let otherAdmin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let orgId: string;
const SECRET = "s3cr3t-client-value-never-shown";

beforeAll(async () => {
  idp = await startOidcProvider();
  const org = await createOrg({ name: "Admin org" });
  const other = await createOrg({ name: "Other org" });
  orgId = org.id;
  admin = await createUser();
  otherAdmin = await createUser();
  member = await createUser();
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  await addMember({ userId: member.id, orgId: org.id, role: "member" });
  await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
});
afterAll(() => idp.close());

const body = (extra: Record<string, unknown> = {}) => ({
  kind: "oidc",
  issuer: idp.issuer,
  client_id: "parley-client",
  client_secret: SECRET,
  allowed_domain: `d${Math.random().toString(36).slice(2, 8)}.example`,
  ...extra,
});
const create = (token: string, extra: Record<string, unknown> = {}) =>
  call(createProvider, { token, body: body(extra) });

/** A server that answers discovery with whatever it is given. */
async function fakeIssuer(answer: (origin: string) => { status: number; body: string }) {
  const server = createServer((_, res) => {
    const a = answer(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    res.writeHead(a.status, { "content-type": "application/json" }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("issue 24.2: admins configure their organisation's providers", () => {
  it("saves a provider whose issuer answers discovery; the secret is sealed and never returned", async () => {
    const res = await create(admin.token, { name: "Staff Keycloak" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      kind: "oidc",
      name: "Staff Keycloak",
      issuer: idp.issuer,
      client_id: "parley-client",
      enabled: true,
      secret_readable: true,
      sign_ins: 0,
      redirect_uri: `http://localhost:3000/api/sso/callback/${res.json.id}`,
    });
    expect(JSON.stringify(res.json)).not.toContain(SECRET);
    const list = await call(listProviders, { token: admin.token });
    expect(JSON.stringify(list.json)).not.toContain(SECRET);
    expect(list.json.providers.map((p: { id: string }) => p.id)).toContain(res.json.id);
    const [row] = await (await getDb()).select().from(ssoProviders).where(eq(ssoProviders.id, res.json.id));
    expect(row.client_secret_encrypted).not.toContain(SECRET);
    expect(openSecret(row.client_secret_encrypted)).toBe(SECRET);
  });

  it("refuses an issuer it cannot reach, that is not https, that names another issuer or lacks endpoints", async () => {
    const mismatch = await fakeIssuer(() => ({
      status: 200,
      body: JSON.stringify({ issuer: "https://other.example" }),
    }));
    const partial = await fakeIssuer((origin) => ({ status: 200, body: JSON.stringify({ issuer: origin }) }));
    const broken = await fakeIssuer(() => ({ status: 500, body: "oops" }));
    try {
      const cases: [string, RegExp][] = [
        ["http://127.0.0.1:1", /Could not reach/],
        ["http://idp.example.com", /must be an https:\/\/ address/],
        ["https://login.microsoftonline.com/common/v2.0?x=1", /must not have a query/],
        [mismatch.url, /names another issuer/],
        [partial.url, /has no authorization_endpoint/],
        [broken.url, /answered 500/],
      ];
      for (const [issuer, message] of cases) {
        const res = await create(admin.token, { issuer });
        expect(res.status, issuer).toBe(422);
        expect(res.json.detail[0].loc, issuer).toEqual(["body", "issuer"]);
        expect(res.json.detail[0].msg, issuer).toMatch(message);
      }
    } finally {
      mismatch.close();
      partial.close();
      broken.close();
    }
  });

  it("validates every field, and refuses unknown ones", async () => {
    const res = await call(createProvider, {
      token: admin.token,
      body: { kind: "saml", issuer: "not a url", client_id: "", allowed_domain: "not a domain", extra: 1 },
    });
    expect(res.status).toBe(422);
    const fields = res.json.detail.map((d: { loc: string[] }) => d.loc[1]);
    expect(fields).toEqual(expect.arrayContaining(["kind", "issuer", "client_id", "client_secret", "allowed_domain"]));
  });

  it("one provider per e-mail domain, across organisations", async () => {
    const first = await create(admin.token, { allowed_domain: "shared.example" });
    expect(first.status).toBe(201);
    const again = await create(admin.token, { allowed_domain: "@Shared.Example" });
    expect(again.status).toBe(422);
    expect(again.json.detail[0].msg).toMatch(/This organization already has a provider for shared\.example/);
    const theirs = await create(otherAdmin.token, { allowed_domain: "shared.example" });
    expect(theirs.status).toBe(422);
    expect(theirs.json.detail[0].msg).toMatch(/Another organization already uses single sign-on/);
  });

  it("edits, turns off and deletes; a blank secret keeps the stored one; each change is audited without the secret", async () => {
    const { json: created } = await create(admin.token);
    const edit = (b: Record<string, unknown>) =>
      call(updateProvider, { method: "PATCH", token: admin.token, params: { id: created.id }, body: b });
    expect((await edit({ client_id: "renamed", client_secret: "" })).json.client_id).toBe("renamed");
    const db = await getDb();
    const secretOf = async () =>
      openSecret(
        (await db.select().from(ssoProviders).where(eq(ssoProviders.id, created.id)))[0].client_secret_encrypted,
      );
    expect(await secretOf()).toBe(SECRET);
    expect((await edit({ client_secret: "a-new-secret" })).status).toBe(200);
    expect(await secretOf()).toBe("a-new-secret");
    expect((await edit({ enabled: false })).json.enabled).toBe(false);
    expect((await edit({ issuer: "http://127.0.0.1:1" })).status).toBe(422);
    const del = await call(deleteProvider, { method: "DELETE", token: admin.token, params: { id: created.id } });
    expect(del.status).toBe(200);
    expect(
      (await call(deleteProvider, { method: "DELETE", token: admin.token, params: { id: created.id } })).status,
    ).toBe(404);

    const audit = await db.select().from(auditLog).where(eq(auditLog.target_id, created.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "sso.provider_created",
      "sso.provider_deleted",
      "sso.provider_updated",
      "sso.provider_updated",
      "sso.provider_updated",
    ]);
    expect(audit.every((a) => a.organization_id === orgId && a.actor_id === admin.id)).toBe(true);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("a-new-secret");
    expect(audit.find((a) => a.details.client_secret_replaced === true)).toBeTruthy();
  });

  it("members may not, and another organisation's provider is the same 404 as a missing one", async () => {
    const { json: created } = await create(admin.token);
    expect((await call(listProviders, { token: member.token })).status).toBe(403);
    expect((await create(member.token)).status).toBe(403);
    const theirs = await call(updateProvider, {
      method: "PATCH",
      token: otherAdmin.token,
      params: { id: created.id },
      body: { enabled: false },
    });
    expect(theirs).toMatchObject({ status: 404, json: { detail: "SSO provider not found" } });
    expect(
      (await call(deleteProvider, { method: "DELETE", token: otherAdmin.token, params: { id: created.id } })).status,
    ).toBe(404);
    const [row] = await (await getDb()).select().from(ssoProviders).where(eq(ssoProviders.id, created.id));
    expect(row.enabled).toBe(true);
  });

  it("a secret sealed under another AUTH_SECRET is flagged, not shown", async () => {
    const { json: created } = await create(admin.token);
    const saved = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "a-rotated-secret-a-rotated-secret-0123456";
    try {
      const list = await call(listProviders, { token: admin.token });
      expect(list.json.providers.find((p: { id: string }) => p.id === created.id).secret_readable).toBe(false);
    } finally {
      process.env.AUTH_SECRET = saved;
    }
  });
});
