import "server-only";

import { AppError } from "@/lib/errors";

export type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
};

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const TIMEOUT_MS = 5_000;

/** HTTPS everywhere; plain HTTP only for an issuer on this machine (a development Keycloak, the tests). */
export function issuerUrlProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "The issuer must be a URL such as https://login.example.com/realms/staff";
  }
  if (url.protocol === "https:") return url.search || url.hash ? "The issuer must not have a query or fragment" : null;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return null;
  return "The issuer must be an https:// address";
}

const invalid = (detail: string) => new AppError("invalid:sso_issuer", detail);

/**
 * Fetches and checks the issuer's discovery document (OpenID Connect Discovery 1.0): it must name
 * this exact issuer and the endpoints a sign-in needs. Errors say what is wrong, never echo the body.
 */
export async function fetchDiscovery(issuer: string): Promise<Discovery> {
  const problem = issuerUrlProblem(issuer);
  if (problem) throw invalid(problem);
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  let res: Response;
  try {
    res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw invalid(`Could not reach the issuer's discovery document at ${url}`);
  }
  if (!res.ok) throw invalid(`The issuer's discovery document answered ${res.status} at ${url}`);
  let doc: Partial<Discovery>;
  try {
    doc = (await res.json()) as Partial<Discovery>;
  } catch {
    throw invalid("The issuer's discovery document is not JSON");
  }
  if (doc.issuer !== issuer)
    throw invalid(
      `The discovery document names another issuer (${String(doc.issuer).slice(0, 200)}). For Microsoft Entra ID use your tenant's own issuer, not "common" or "organizations".`,
    );
  for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint"] as const)
    if (typeof doc[key] !== "string" || !doc[key]) throw invalid(`The discovery document has no ${key}`);
  return doc as Discovery;
}

// Sign-ins read the document often; an issuer changes it rarely.
const cache = new Map<string, { doc: Promise<Discovery>; until: number }>();
const CACHE_MS = 10 * 60_000;

export function cachedDiscovery(issuer: string): Promise<Discovery> {
  const hit = cache.get(issuer);
  if (hit && hit.until > Date.now()) return hit.doc;
  const doc = fetchDiscovery(issuer);
  cache.set(issuer, { doc, until: Date.now() + CACHE_MS });
  doc.catch(() => cache.delete(issuer));
  return doc;
}

/** client_secret_basic unless the issuer lists only client_secret_post (OAuth 2.0's default is basic). */
export function clientAuthMethod(doc: Discovery): "client_secret_basic" | "client_secret_post" {
  const methods = doc.token_endpoint_auth_methods_supported;
  if (!methods?.length || methods.includes("client_secret_basic")) return "client_secret_basic";
  return methods.includes("client_secret_post") ? "client_secret_post" : "client_secret_basic";
}
