import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { createRemoteJWKSet, exportJWK, generateKeyPair, type JWK, type JWTPayload, jwtVerify, SignJWT } from "jose";

import { createPlatformServices } from "./services";

/*
 * An LMS stand-in that speaks the platform side of the 1EdTech specifications over real HTTP:
 * - LTI 1.3 core / OIDC: its own RS256 key and JWKS, and an authorisation endpoint that answers the tool's
 *   login redirect with a form_post of a signed id_token to the tool's redirect_uri;
 * - Deep Linking 2.0: a return URL that verifies the tool's LtiDeepLinkingResponse against the tool's JWKS;
 * - Dynamic Registration 1.0: an openid-configuration and a registration endpoint;
 * - a course page that launches the tool in an iframe or a new window, as an LMS does;
 * - the OAuth2 token, AGS and NRPS endpoints of ./services.ts, under /services/.
 */

const LTI = "https://purl.imsglobal.org/spec/lti/claim/";
export const ROLES = {
  learner: "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",
  instructor: "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  mentor: "http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor",
} as const;

export type PlatformUser = { sub: string; name?: string; email?: string; roles: string[] };
/** What a launch is about; the tool gets it back through lti_message_hint. */
export type LaunchMessage =
  | { kind: "resource"; resourceLinkId: string; title?: string; custom?: Record<string, string>; lineItemUrl?: string }
  | { kind: "deep-link"; data?: string };

export type StandInOptions = {
  clientId?: string;
  deploymentId?: string;
  contextId?: string;
  contextTitle?: string;
  /** The tool's origin (needed for the tool's JWKS and its launch URL). */
  toolOrigin?: string;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startLtiPlatform(options: StandInOptions = {}) {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `stand-in-${randomUUID().slice(0, 8)}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const messages = new Map<string, LaunchMessage>();
  const users = new Map<string, PlatformUser>();

  const state = {
    url: "",
    clientId: options.clientId ?? `client-${randomUUID().slice(0, 8)}`,
    deploymentId: options.deploymentId ?? "deployment-1",
    contextId: options.contextId ?? "course-101",
    contextTitle: options.contextTitle ?? "Sales 101",
    toolOrigin: options.toolOrigin ?? "",
    /** Every authorisation request the tool redirected a browser to. */
    authRequests: [] as URLSearchParams[],
    /** Deep-linking responses the tool posted back, verified. */
    deepLinkResponses: [] as JWTPayload[],
    /** Dynamic registrations the tool made. */
    registrations: [] as Record<string, unknown>[],
    /** Registration tokens this platform accepts (an admin's "Register a tool" session). */
    registrationTokens: new Set<string>(),
    /** The course's links to the tool, as the LMS keeps them (deep linking adds them). */
    links: new Map<string, { title: string; custom?: Record<string, string>; lineItemUrl?: string }>(),
  };
  // The token, AGS and NRPS endpoints (./services.ts), under /services/.
  const services = createPlatformServices({ prefix: "/services/" });
  const servicesBase = () => `${state.url}/services/contexts/${encodeURIComponent(state.contextId)}`;

  const issuer = () => state.url;

  /** A launch's claims as an LMS sends them; `overrides` replace or add claims (tests of bad input). */
  function claims(user: PlatformUser, message: LaunchMessage, nonce: string, overrides: Record<string, unknown> = {}) {
    const base: Record<string, unknown> = {
      sub: user.sub,
      name: user.name,
      email: user.email,
      nonce,
      [`${LTI}version`]: "1.3.0",
      [`${LTI}deployment_id`]: state.deploymentId,
      [`${LTI}roles`]: user.roles,
      [`${LTI}context`]: { id: state.contextId, title: state.contextTitle, label: "SALES101" },
      [`${LTI}tool_platform`]: { guid: "stand-in", product_family_code: "parley-stand-in", name: "Stand-in LMS" },
      "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": {
        context_memberships_url: `${servicesBase()}/memberships`,
        service_versions: ["2.0"],
      },
    };
    if (message.kind === "resource") {
      const link = state.links.get(message.resourceLinkId);
      const custom = message.custom ?? link?.custom;
      const lineItem = message.lineItemUrl ?? link?.lineItemUrl;
      Object.assign(base, {
        [`${LTI}message_type`]: "LtiResourceLinkRequest",
        [`${LTI}target_link_uri`]: `${state.toolOrigin}/api/lti/launch`,
        [`${LTI}resource_link`]: { id: message.resourceLinkId, title: message.title ?? link?.title ?? "Practice" },
        ...(custom ? { [`${LTI}custom`]: custom } : {}),
        "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {
          scope: [
            "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
            "https://purl.imsglobal.org/spec/lti-ags/scope/score",
          ],
          lineitems: `${servicesBase()}/lineitems`,
          ...(lineItem ? { lineitem: lineItem } : {}),
        },
      });
    } else {
      Object.assign(base, {
        [`${LTI}message_type`]: "LtiDeepLinkingRequest",
        [`${LTI}target_link_uri`]: `${state.toolOrigin}/api/lti/launch`,
        "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": {
          deep_link_return_url: `${state.url}/deep-link-return`,
          accept_types: ["ltiResourceLink"],
          accept_presentation_document_targets: ["iframe", "window"],
          accept_multiple: false,
          data: message.data ?? "opaque-platform-data",
        },
      });
    }
    for (const [k, v] of Object.entries(overrides)) {
      if (v === undefined) delete base[k];
      else base[k] = v;
    }
    return base;
  }

  type SignOptions = {
    aud?: string | string[];
    expiresIn?: string | number;
    iat?: number;
    key?: CryptoKey;
    kid?: string;
  };
  /** Signs an id_token with the platform's key (or another key, for tests of forged tokens). */
  async function signIdToken(payload: Record<string, unknown>, opts: SignOptions = {}) {
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: opts.kid ?? kid, typ: "JWT" })
      .setIssuer((payload.iss as string) ?? issuer())
      .setAudience(opts.aud ?? state.clientId)
      .setIssuedAt(opts.iat)
      .setExpirationTime(opts.expiresIn ?? "5m");
    return jwt.sign(opts.key ?? privateKey);
  }

  function autoPost(action: string, fields: Record<string, string>) {
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join("");
    return `<!doctype html><html><body><form id="f" method="post" action="${escapeHtml(action)}">${inputs}<noscript><button>Continue</button></noscript></form><script>document.getElementById("f").submit()</script></body></html>`;
  }

  /** The OIDC authorisation endpoint: answers the tool's login redirect with the id_token, by form_post. */
  async function authorize(res: ServerResponse, query: URLSearchParams) {
    state.authRequests.push(query);
    const user = users.get(query.get("login_hint") ?? "");
    const message = messages.get(query.get("lti_message_hint") ?? "");
    const redirect = query.get("redirect_uri") ?? "";
    const problems = [
      query.get("scope") !== "openid" && "scope",
      query.get("response_type") !== "id_token" && "response_type",
      query.get("response_mode") !== "form_post" && "response_mode",
      query.get("client_id") !== state.clientId && "client_id",
      !redirect.startsWith(state.toolOrigin) && "redirect_uri",
      !query.get("nonce") && "nonce",
      !user && "login_hint",
      !message && "lti_message_hint",
    ].filter(Boolean);
    if (problems.length) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`invalid_request: ${problems.join(", ")}`);
      return;
    }
    const idToken = await signIdToken(claims(user!, message!, query.get("nonce")!));
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(autoPost(redirect, { id_token: idToken, state: query.get("state") ?? "" }));
  }

  /** Deep Linking return: the tool's response must verify against the tool's published keys. */
  async function deepLinkReturn(res: ServerResponse, body: string) {
    const jwt = new URLSearchParams(body).get("JWT") ?? "";
    try {
      const keys = createRemoteJWKSet(new URL(`${state.toolOrigin}/api/lti/jwks`));
      const { payload } = await jwtVerify(jwt, keys, { issuer: state.clientId, audience: issuer() });
      state.deepLinkResponses.push(payload);
      const items = (payload["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"] ?? []) as {
        type?: string;
        title?: string;
        custom?: Record<string, string>;
        lineItem?: { scoreMaximum: number; label?: string; resourceId?: string; tag?: string };
      }[];
      // As an LMS does: each link becomes a course item with an id of its own, and a lineItem a gradebook column.
      for (const item of items.filter((i) => i.type === "ltiResourceLink")) {
        const resourceLinkId = `rl-${randomUUID().slice(0, 8)}`;
        let lineItemUrl: string | undefined;
        if (item.lineItem) {
          lineItemUrl = `${servicesBase()}/lineitems/${1000 + services.state.lineItems.size}`;
          services.state.lineItems.set(lineItemUrl, {
            id: lineItemUrl,
            contextId: state.contextId,
            scoreMaximum: item.lineItem.scoreMaximum,
            label: item.lineItem.label ?? item.title ?? "",
            resourceId: item.lineItem.resourceId,
            resourceLinkId,
            tag: item.lineItem.tag,
          });
        }
        state.links.set(resourceLinkId, { title: item.title ?? "", custom: item.custom, lineItemUrl });
      }
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          `<!doctype html><html><body><h1>Activity added</h1><p>${items.map((i) => escapeHtml(i.title ?? "")).join(", ")}</p></body></html>`,
        );
    } catch (err) {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end(`invalid deep linking response: ${(err as Error).message}`);
    }
  }

  function openidConfiguration() {
    return {
      issuer: issuer(),
      authorization_endpoint: `${state.url}/auth`,
      token_endpoint: `${state.url}/services/token`,
      token_endpoint_auth_methods_supported: ["private_key_jwt"],
      token_endpoint_auth_signing_alg_values_supported: ["RS256"],
      jwks_uri: `${state.url}/jwks`,
      registration_endpoint: `${state.url}/register`,
      scopes_supported: [
        "openid",
        "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
        "https://purl.imsglobal.org/spec/lti-ags/scope/score",
        "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
        "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
      ],
      response_types_supported: ["id_token"],
      subject_types_supported: ["public", "pairwise"],
      id_token_signing_alg_values_supported: ["RS256"],
      claims_supported: ["sub", "iss", "name", "given_name", "family_name", "email"],
      "https://purl.imsglobal.org/spec/lti-platform-configuration": {
        product_family_code: "parley-stand-in",
        version: "1.0",
        messages_supported: [{ type: "LtiResourceLinkRequest" }, { type: "LtiDeepLinkingRequest" }],
      },
    };
  }

  /** Dynamic Registration: the tool posts its configuration with the registration token as bearer. */
  function register(req: IncomingMessage, res: ServerResponse, body: string) {
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!state.registrationTokens.has(bearer)) {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_token" }));
      return;
    }
    let reg: Record<string, unknown>;
    try {
      reg = JSON.parse(body);
    } catch {
      res.writeHead(400).end(JSON.stringify({ error: "invalid_client_metadata" }));
      return;
    }
    const tool = reg["https://purl.imsglobal.org/spec/lti-tool-configuration"] as Record<string, unknown> | undefined;
    const missing = ["initiate_login_uri", "redirect_uris", "jwks_uri", "client_name"].filter((k) => !reg[k]);
    if (!tool || missing.length || reg.token_endpoint_auth_method !== "private_key_jwt") {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "invalid_client_metadata", missing }));
      return;
    }
    state.registrationTokens.delete(bearer);
    state.clientId = `dyn-${randomUUID().slice(0, 8)}`;
    state.deploymentId = `dep-${randomUUID().slice(0, 6)}`;
    state.registrations.push(reg);
    services.addClient(state.clientId, String(reg.jwks_uri));
    res.writeHead(201, { "content-type": "application/json" }).end(
      JSON.stringify({
        ...reg,
        client_id: state.clientId,
        "https://purl.imsglobal.org/spec/lti-tool-configuration": { ...tool, deployment_id: state.deploymentId },
      }),
    );
  }

  /** A course page as the LMS renders it: the activity in an iframe (default) or behind a new-window link. */
  function coursePage(res: ServerResponse, query: URLSearchParams) {
    const login = loginUrl({ hint: query.get("hint") ?? "", message: query.get("message") ?? "" });
    const frame =
      query.get("target") === "window"
        ? `<a href="${escapeHtml(login)}" target="_blank">Open the activity</a>`
        : `<iframe title="Parley activity" src="${escapeHtml(login)}" style="width:100%;height:560px;border:1px solid #ccc" allow="microphone"></iframe>`;
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><html><head><title>${escapeHtml(state.contextTitle)}</title></head><body><h1>${escapeHtml(state.contextTitle)}</h1>${frame}</body></html>`,
      );
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", state.url);
    try {
      if (await services.handle(req, res)) return;
      const body = req.method === "POST" ? await readBody(req) : "";
      if (url.pathname === "/jwks")
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
      if (url.pathname === "/auth") {
        const query = req.method === "POST" ? new URLSearchParams(body) : url.searchParams;
        return void (await authorize(res, query));
      }
      if (url.pathname === "/deep-link-return" && req.method === "POST") return void (await deepLinkReturn(res, body));
      if (url.pathname === "/.well-known/openid-configuration")
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(openidConfiguration()));
      if (url.pathname === "/register" && req.method === "POST") return register(req, res, body);
      if (url.pathname === "/course") return coursePage(res, url.searchParams);
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    } catch (err) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  if (state.toolOrigin) services.addClient(state.clientId, `${state.toolOrigin}/api/lti/jwks`);

  /** Registers a person the LMS knows; `hint` is what it sends as login_hint. */
  function addUser(hint: string, user: PlatformUser) {
    users.set(hint, user);
    return hint;
  }
  /** Registers what a launch is about; the returned hint is sent as lti_message_hint. */
  function addMessage(message: LaunchMessage) {
    const hint = randomUUID();
    messages.set(hint, message);
    return hint;
  }
  /** The login initiation URL the LMS sends the browser to (third-party initiated login). */
  function loginUrl(input: { hint: string; message: string; targetLinkUri?: string }) {
    const url = new URL(`${state.toolOrigin}/api/lti/login`);
    url.search = new URLSearchParams({
      iss: issuer(),
      login_hint: input.hint,
      target_link_uri: input.targetLinkUri ?? `${state.toolOrigin}/api/lti/launch`,
      client_id: state.clientId,
      lti_deployment_id: state.deploymentId,
      lti_message_hint: input.message,
    }).toString();
    return url.toString();
  }

  return {
    state,
    /** The AGS and NRPS side (./services.ts): line items, the scores received (gradebook()), rosters. */
    services,
    get url() {
      return state.url;
    },
    get issuer() {
      return issuer();
    },
    kid,
    jwksUrl: () => `${state.url}/jwks`,
    authUrl: () => `${state.url}/auth`,
    tokenUrl: () => `${state.url}/services/token`,
    openidConfigurationUrl: () => `${state.url}/.well-known/openid-configuration`,
    claims,
    signIdToken,
    addUser,
    addMessage,
    loginUrl,
    coursePageUrl: (input: { hint: string; message: string; target?: "iframe" | "window" }) =>
      `${state.url}/course?${new URLSearchParams({ hint: input.hint, message: input.message, target: input.target ?? "iframe" })}`,
    /** A one-time token for the "register a tool" flow, as the LMS appends it to the tool's registration URL. */
    newRegistrationToken() {
      const token = randomUUID();
      state.registrationTokens.add(token);
      return token;
    },
    /** Parses the auto-submitting form the authorisation endpoint answers with. */
    parseFormPost(html: string) {
      const action = /action="([^"]*)"/.exec(html)?.[1] ?? "";
      const fields: Record<string, string> = {};
      for (const m of html.matchAll(/name="([^"]+)" value="([^"]*)"/g))
        fields[m[1]] = m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
      return { action: action.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))), fields };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LtiPlatformStandIn = Awaited<ReturnType<typeof startLtiPlatform>>;
