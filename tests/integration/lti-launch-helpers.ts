import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { expect } from "vitest";

import { POST as launchPost } from "@/app/api/lti/launch/route";
import { GET as loginGet } from "@/app/api/lti/login/route";
import { getDb } from "@/db";
import { insertPlatform, replaceDeployments } from "@/db/queries/lti-launch";

import type { LtiPlatformStandIn } from "../helpers/lti-platform";

export const TOOL = "http://localhost:3000";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A browser's form post (the LMS's auto-submitting form) to a route handler. */
export async function postForm(
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const req = new NextRequest(new URL(path, TOOL), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return handler(req, { params: Promise.resolve({}) });
}

export async function getWith(handler: Handler, url: string, headers: Record<string, string> = {}) {
  return handler(new NextRequest(new URL(url, TOOL), { headers: { accept: "text/html", ...headers } }), {
    params: Promise.resolve({}),
  });
}

/** Registers the stand-in in an organisation, as an admin's manual registration does. */
export async function registerStandIn(
  platform: LtiPlatformStandIn,
  organizationId: string,
  opts: { instructorsBecomeAdmins?: boolean; clientId?: string; deploymentIds?: string[] } = {},
) {
  const db = await getDb();
  const row = await insertPlatform(db, {
    organizationId,
    createdBy: null,
    name: "Stand-in LMS",
    issuer: platform.issuer,
    clientId: opts.clientId ?? platform.state.clientId,
    authLoginUrl: platform.authUrl(),
    authTokenUrl: platform.tokenUrl(),
    jwksUrl: platform.jwksUrl(),
    registration: { settings: { instructors_become_admins: opts.instructorsBecomeAdmins ?? false } },
  });
  await replaceDeployments(db, {
    platformId: row.id,
    deploymentIds: opts.deploymentIds ?? [platform.state.deploymentId],
  });
  return row;
}

/** The tool's login initiation; returns the platform authorisation URL it redirects to. */
export async function login(url: string) {
  const res = await getWith(loginGet, url);
  return res;
}

/** Login initiation, then the platform's authorisation endpoint over HTTP: the form it posts back. */
export async function authorize(platform: LtiPlatformStandIn, hint: string, message: string) {
  const res = await login(platform.loginUrl({ hint, message }));
  expect(res.status, await res.clone().text()).toBe(302);
  const auth = new URL(res.headers.get("location")!);
  const html = await (await fetch(auth)).text();
  const form = platform.parseFormPost(html);
  expect(form.action).toBe(`${TOOL}/api/lti/launch`);
  return { auth, ...form };
}

/** The whole launch: login, authorisation at the platform, the form post to the tool. */
export async function launch(
  platform: LtiPlatformStandIn,
  hint: string,
  message: string,
  fetchDest: "iframe" | "document" = "iframe",
) {
  const { fields } = await authorize(platform, hint, message);
  return postForm(launchPost, "/api/lti/launch", fields, { "sec-fetch-dest": fetchDest });
}

/** The session cookie a launch set, as a Cookie header. */
export const cookieOf = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("parley.session-token="));
  return set ? set.split(";")[0] : null;
};

/** The row count of every table a launch writes to: bad input must leave each unchanged. */
export async function launchFootprint() {
  const db = await getDb();
  const tables = [
    "users",
    "memberships",
    "groups",
    "group_members",
    "lti_user_links",
    "lti_contexts",
    "lti_resource_links",
    "lti_nonces",
    "sessions",
    "assignments",
    "audit_log",
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const res = await db.execute(sql.raw(`select count(*)::int as n from ${t}`));
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { n: number }[];
    out[t] = Number(rows[0].n);
  }
  return out;
}
