import { randomUUID } from "node:crypto";

import { getDb } from "@/db";
import { insertPlatform, insertRegistrationToken, replaceDeployments } from "@/db/queries/lti-launch";
import { randomToken, sha256 } from "@/lib/lti/sealed";

import { type Case, everyone, signedIn } from "./expect";
import type { World } from "./world";

/** An LMS registered by organisation A. */
export async function makePlatform(w: World) {
  const db = await getDb();
  const row = await insertPlatform(db, {
    organizationId: w.orgA.id,
    createdBy: w.users.admin.id,
    name: "Matrix LMS",
    issuer: `https://lms-${randomUUID().slice(0, 8)}.example`,
    clientId: "matrix-client",
    authLoginUrl: "https://lms.example/auth",
    authTokenUrl: "https://lms.example/token",
    jwksUrl: "https://lms.example/jwks",
    registration: null,
  });
  await replaceDeployments(db, { platformId: row.id, deploymentIds: ["1"] });
  return { params: { id: row.id } };
}

/** A live one-time registration link of organisation A. */
async function makeRegistrationLink(w: World) {
  const token = randomToken();
  await insertRegistrationToken(await getDb(), {
    tokenHash: sha256(token),
    organizationId: w.orgA.id,
    createdBy: w.users.admin.id,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return { params: { token } };
}

const platformBody = () => ({
  name: "Canvas",
  issuer: `https://canvas-${randomUUID().slice(0, 8)}.example`,
  client_id: "10000000000001",
  auth_login_url: "https://sso.canvaslms.example/api/lti/authorize_redirect",
  auth_token_url: "https://sso.canvaslms.example/login/oauth2/token",
  jwks_url: "https://sso.canvaslms.example/api/lti/security/jwks",
  deployment_ids: ["1:abc"],
});

const adminsOfTheirOwn = (ok: number) => signedIn({ member: 403, admin: ok, otherAdmin: ok, developer: 404 });
const adminsOfA = (ok: number) => signedIn({ member: 403, admin: ok, otherAdmin: 404, developer: 404 });

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  // The LMS's browser calls these with no Parley session: what they check is the platform's signed token
  // (launch), the state the tool issued (login), a one-time code (hand-off, registration link). Without them:
  // 400 for everyone, whoever is signed in.
  { route: "GET /api/lti/login", expect: everyone(400) },
  { route: "POST /api/lti/login", expect: everyone(400) },
  { route: "POST /api/lti/launch", expect: everyone(400) },
  { route: "POST /api/lti/handoff", expect: everyone(400) },
  { route: "POST /api/lti/register/[token]", input: makeRegistrationLink, expect: everyone(400) },

  // An organisation's LMS registrations: its admins only; another organisation's is the same 404 as none.
  { route: "GET /api/organization/lti/platforms", expect: adminsOfTheirOwn(200) },
  {
    route: "POST /api/organization/lti/platforms",
    input: () => ({ body: platformBody() }),
    expect: adminsOfTheirOwn(201),
  },
  { route: "GET /api/organization/lti/platforms/[id]", input: makePlatform, expect: adminsOfA(200) },
  {
    route: "PUT /api/organization/lti/platforms/[id]",
    input: async (w) => ({ ...(await makePlatform(w)), body: platformBody() }),
    expect: adminsOfA(200),
  },
  { route: "DELETE /api/organization/lti/platforms/[id]", input: makePlatform, expect: adminsOfA(200) },

  { route: "POST /api/organization/lti/registrations", expect: adminsOfTheirOwn(201) },
  { route: "DELETE /api/organization/lti/registrations", expect: adminsOfTheirOwn(200) },
];
