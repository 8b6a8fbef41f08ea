import { NextRequest } from "next/server";

import { GET as ssoGet, POST as ssoPost } from "@/app/api/sso/[...nextauth]/route";
import { POST as start } from "@/app/api/sso/start/route";

export const BASE = "http://localhost:3000";

/** A browser's cookies for one site: what Set-Cookie stores, expires or clears. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  clone() {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

const from = (ip: string) => ({ "x-forwarded-for": ip });

/** POST /api/sso/start as the sign-in page sends it. */
export async function startSso(jar: CookieJar, email: string, opts: { next?: string; ip?: string } = {}) {
  const req = new NextRequest(`${BASE}/api/sso/start`, {
    method: "POST",
    headers: { "content-type": "application/json", ...from(opts.ip ?? "192.0.2.1") },
    body: JSON.stringify({ email, next: opts.next }),
  });
  const res = await start(req, { params: Promise.resolve({}) });
  jar.absorb(res);
  return { status: res.status, json: await res.json(), headers: res.headers };
}

/** The browser at the identity provider: it approves and redirects back (the Location). */
export async function visitProvider(url: string) {
  const res = await fetch(url, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

/** The browser arriving back at our callback with its cookies. */
export async function arriveAtCallback(jar: CookieJar, url: string, ip = "192.0.2.1") {
  const req = new NextRequest(url, { headers: { cookie: jar.header(), ...from(ip) } });
  const res = await ssoGet(req);
  const setCookies = res.headers.getSetCookie();
  jar.absorb(res);
  return { status: res.status, location: res.headers.get("location") ?? "", setCookies, headers: res.headers };
}

/** Any /api/sso/* request, for the paths that must be 404s. */
export async function ssoRequest(method: "GET" | "POST", path: string, init: { body?: string; cookie?: string } = {}) {
  const req = new NextRequest(`${BASE}${path}`, {
    method,
    headers: {
      ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body,
  });
  return method === "POST" ? ssoPost(req) : ssoGet(req);
}

/** Start, approve at the provider, come back: the whole journey of one browser. */
export async function signInThroughSso(email: string, opts: { next?: string; ip?: string; jar?: CookieJar } = {}) {
  const jar = opts.jar ?? new CookieJar();
  const started = await startSso(jar, email, opts);
  if (started.status !== 200) return { jar, started, callback: null, arrived: null };
  const atProvider = await visitProvider(started.json.url);
  const arrived = await arriveAtCallback(jar, atProvider.location, opts.ip);
  return { jar, started, callback: atProvider.location, arrived };
}

export function sessionTokenIn(setCookies: string[]): string | null {
  const line = setCookies.find((c) => c.startsWith("parley.session-token="));
  return line ? line.split(";")[0].slice("parley.session-token=".length) : null;
}

/** An organisation with an admin and a provider pointing at the stand-in, made through the admin API. */
export async function organizationWithProvider(
  idp: { issuer: string; clientId: string; clientSecret: string; registerRedirectUri: (uri: string) => void },
  opts: { domain: string; kind?: "entra" | "google" | "oidc"; name?: string },
) {
  const { POST: createProvider } = await import("@/app/api/organization/sso/route");
  const { call } = await import("./api");
  const { addMember, createOrg, createUser } = await import("./factories");
  const org = await createOrg({ name: opts.name ?? `SSO org ${opts.domain}` });
  const admin = await createUser({ name: "Ada Admin" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  const res = await call(createProvider, {
    token: admin.token,
    body: {
      kind: opts.kind ?? "oidc",
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      allowed_domain: opts.domain,
    },
  });
  if (res.status !== 201) throw new Error(`provider not created: ${res.status} ${JSON.stringify(res.json)}`);
  idp.registerRedirectUri(res.json.redirect_uri);
  return { org, admin, providerId: res.json.id as string, redirectUri: res.json.redirect_uri as string };
}
