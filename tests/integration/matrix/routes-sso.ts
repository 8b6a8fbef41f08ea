import { randomUUID } from "node:crypto";

import { getDb } from "@/db";
import { insertProvider } from "@/db/queries/sso";
import { sealSecret } from "@/lib/sso/secret-box";

import { type OidcProviderStandIn, startOidcProvider } from "../../helpers/oidc-provider";
import { type Case, everyone, signedIn } from "./expect";
import type { World } from "./world";

// One identity-provider stand-in for the whole matrix, started on first use (unref'd: it never holds the run open).
let standIn: Promise<OidcProviderStandIn> | undefined;
const idp = () =>
  (standIn ??= startOidcProvider().then((s) => {
    s.server.unref();
    return s;
  }));

/** An enabled provider of organisation A for a fresh domain. */
export async function orgAProvider(w: World, enabled = true) {
  const s = await idp();
  const domain = `a-${randomUUID().slice(0, 8)}.example`;
  const row = await insertProvider(await getDb(), {
    organizationId: w.orgA.id,
    createdBy: w.users.admin.id,
    kind: "oidc",
    name: "",
    issuer: s.issuer,
    clientId: s.clientId,
    clientSecretEncrypted: sealSecret(s.clientSecret),
    allowedDomain: domain,
    enabled,
  });
  return { id: row.id, domain };
}

const authjsPath = (path: string) => () => ({ params: { nextauth: path } });

/** Access cases for single sign-on (issue 24.2). */
export const cases: Case[] = [
  // The start is public: anyone may ask where their organisation signs in.
  {
    route: "POST /api/sso/start",
    input: async (w) => ({ body: { email: `someone@${(await orgAProvider(w)).domain}` } }),
    expect: everyone(200),
  },
  {
    route: "POST /api/sso/start",
    variant: "a domain without single sign-on",
    input: () => ({ body: { email: "someone@no-sso.example" } }),
    expect: everyone(404),
  },
  {
    route: "POST /api/sso/start",
    variant: "a disabled provider",
    input: async (w) => ({ body: { email: `someone@${(await orgAProvider(w, false)).domain}` } }),
    expect: everyone(403),
  },
  // Auth.js answers only the callback; its session, CSRF, provider list, pages and sign-out are not there.
  ...["session", "csrf", "providers", "signin", "signout", "error", "verify-request"].map((path): Case => ({
    route: "GET /api/sso/[...nextauth]",
    variant: `Auth.js ${path}`,
    input: authjsPath(path),
    expect: everyone(404),
  })),
  {
    route: "POST /api/sso/[...nextauth]",
    variant: "Auth.js credentials callback with the right password",
    input: (w) => ({
      params: { nextauth: "callback/credentials" },
      body: { email: w.users.admin.email, password: "correct-horse-battery", csrfToken: "x" },
    }),
    expect: everyone(404),
  },
  {
    route: "POST /api/sso/[...nextauth]",
    variant: "Auth.js sign-in start (only /api/sso/start reaches it)",
    input: async (w) => ({ params: { nextauth: `signin/${(await orgAProvider(w)).id}` } }),
    expect: everyone(404),
  },
  {
    route: "POST /api/sso/[...nextauth]",
    variant: "Auth.js session update",
    input: authjsPath("session"),
    expect: everyone(404),
  },
  // A callback without the sign-in's state cookie goes back to the sign-in page, before any call to the provider.
  {
    route: "GET /api/sso/[...nextauth]",
    variant: "callback without a started sign-in",
    input: async (w) => ({
      params: { nextauth: `callback/${(await orgAProvider(w)).id}` },
      query: { code: "x", state: "y" },
    }),
    expect: everyone(303),
  },

  // --- the organisation's providers: its admins only ---
  {
    route: "GET /api/organization/sso",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  {
    route: "POST /api/organization/sso",
    input: async (_, who) => {
      const s = await idp();
      return {
        body: {
          kind: "oidc",
          issuer: s.issuer,
          client_id: s.clientId,
          client_secret: "matrix-secret",
          allowed_domain: `${who.toLowerCase()}-${randomUUID().slice(0, 8)}.example`,
        },
      };
    },
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 201, developer: 404 }),
  },
  {
    route: "PATCH /api/organization/sso/[id]",
    input: async (w) => ({ params: { id: (await orgAProvider(w)).id }, body: { enabled: false } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "DELETE /api/organization/sso/[id]",
    input: async (w) => ({ params: { id: (await orgAProvider(w)).id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
];
