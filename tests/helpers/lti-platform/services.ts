import type { IncomingMessage, ServerResponse } from "node:http";

import { createRemoteJWKSet, jwtVerify } from "jose";

/*
 * The platform side of LTI Advantage services, as an LMS implements them from the 1EdTech specs:
 * OAuth 2.0 client credentials with a signed client assertion (RFC 7523, verified against the tool's
 * JWKS URL), Assignment and Grade Services 2.0 (line items, scores) and Names and Role Provisioning
 * Services 2.0 (memberships with Link-header paging). The stand-in server mounts `handle`.
 */

export const AGS_SCOPES = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  lineItemReadonly: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  resultReadonly: "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
};
export const NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly";
const KNOWN_SCOPES = new Set([...Object.values(AGS_SCOPES), NRPS_SCOPE]);

export type LineItem = {
  id: string;
  contextId: string;
  scoreMaximum: number;
  label: string;
  resourceId?: string;
  resourceLinkId?: string;
  tag?: string;
  startDateTime?: string;
  endDateTime?: string;
};

export type RecordedScore = {
  lineItemId: string;
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  comment?: string;
  timestamp: string;
  activityProgress: string;
  gradingProgress: string;
  clientId: string;
  receivedAt: number;
};

export type Member = {
  user_id: string;
  roles: string[];
  status?: "Active" | "Inactive" | "Deleted";
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
};

/** What the next score POST gets instead of the normal answer (tests inject failures this way). */
export type ScoreFault =
  | { status: number; retryAfterSeconds?: number }
  /** Records the score, then holds the answer: the sender dies (or times out) after the platform has it. */
  | { holdAfterRecording: true };

type IssuedToken = { clientId: string; scopes: Set<string>; expiresAt: number };

export type PlatformServicesOptions = {
  /** Client ids this platform knows and where each tool publishes its keys. */
  clients?: { clientId: string; toolJwksUrl: string }[];
  /** The `aud` a client assertion must carry; default: this platform's token URL (`{origin}{prefix}token`). */
  tokenAudience?: string;
  /** Path prefix the handler answers under, e.g. "/" or "/lms/". */
  prefix?: string;
  /** NRPS page size (a `limit` query parameter asks for less). */
  pageSize?: number;
  tokenLifetimeSeconds?: number;
};

export function createPlatformServices(options: PlatformServicesOptions = {}) {
  const prefix = options.prefix ?? "/";
  const clients = new Map((options.clients ?? []).map((c) => [c.clientId, c.toolJwksUrl]));
  const jwksFor = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const tokens = new Map<string, IssuedToken>();
  const seenJtis = new Set<string>();
  let nextLineItem = 1;

  const state = {
    lineItems: new Map<string, LineItem>(),
    /** Every score the platform accepted as a new result, in arrival order. */
    scores: [] as RecordedScore[],
    /** Every score POST that reached the platform (accepted, repeated or refused). */
    scorePosts: [] as { userId?: string; timestamp?: string; outcome: "recorded" | "duplicate" | "stale" | "fault" }[],
    rosters: new Map<string, { title: string; members: Member[] }>(),
    tokenRequests: [] as { clientId?: string; scopes: string[]; outcome: "issued" | "refused"; error?: string }[],
    serviceCalls: [] as { method: string; path: string; status: number }[],
    scoreFaults: [] as ScoreFault[],
    held: [] as ServerResponse[],
  };

  const api = {
    state,
    addClient(clientId: string, toolJwksUrl: string) {
      clients.set(clientId, toolJwksUrl);
      jwksFor.delete(clientId);
    },
    setRoster(contextId: string, members: Member[], title = `Course ${contextId}`) {
      state.rosters.set(contextId, { title, members });
    },
    /** The newest result per (line item, user): what the LMS gradebook shows. */
    gradebook() {
      const latest = new Map<string, RecordedScore>();
      for (const s of state.scores) latest.set(`${s.lineItemId} ${s.userId}`, s);
      return [...latest.values()];
    },
    /** Answers every held score POST (if its sender is still listening). */
    releaseHeld() {
      for (const res of state.held.splice(0)) if (!res.destroyed) json(res, 200, {});
    },
    handle,
  };
  return api;

  /** Answers the request when it is one of ours; false otherwise (the server tries its other routes). */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    if (!url.pathname.startsWith(prefix)) return false;
    const rest = url.pathname.slice(prefix.length).split("/").filter(Boolean);
    const origin = url.origin;
    if (rest[0] === "token" && rest.length === 1 && req.method === "POST") {
      await token(req, res, `${origin}${prefix}token`);
      return true;
    }
    if (rest[0] !== "contexts" || !rest[1]) return false;
    const contextId = decodeURIComponent(rest[1]);
    const base = `${origin}${prefix}contexts/${encodeURIComponent(contextId)}`;
    const call = async (scopes: string[], fn: (t: IssuedToken) => Promise<void> | void) => {
      const t = bearer(req, res, scopes);
      if (t) await fn(t);
      state.serviceCalls.push({ method: req.method ?? "", path: url.pathname, status: res.statusCode });
    };
    const readScopes = [AGS_SCOPES.lineItem, AGS_SCOPES.lineItemReadonly];
    if (rest[2] === "memberships" && rest.length === 3 && req.method === "GET") {
      await call([NRPS_SCOPE], () => memberships(res, url, contextId, base));
    } else if (rest[2] === "lineitems" && rest.length === 3 && req.method === "GET") {
      await call(readScopes, () => listLineItems(res, url, contextId));
    } else if (rest[2] === "lineitems" && rest.length === 3 && req.method === "POST") {
      await call([AGS_SCOPES.lineItem], async () => createLineItem(req, res, contextId, base));
    } else if (rest[2] === "lineitems" && rest.length === 4 && req.method === "GET") {
      await call(readScopes, () => {
        const item = state.lineItems.get(`${base}/lineitems/${rest[3]}`);
        if (!item || item.contextId !== contextId) return json(res, 404, { error: "line item not found" });
        json(res, 200, publicLineItem(item), "application/vnd.ims.lis.v2.lineitem+json");
      });
    } else if (rest[2] === "lineitems" && rest.length === 4 && req.method === "DELETE") {
      await call([AGS_SCOPES.lineItem], () => {
        const deleted = state.lineItems.delete(`${base}/lineitems/${rest[3]}`);
        res.writeHead(deleted ? 204 : 404).end();
      });
    } else if (rest[2] === "lineitems" && rest[4] === "scores" && rest.length === 5 && req.method === "POST") {
      await call([AGS_SCOPES.score], async (t) => postScore(req, res, `${base}/lineitems/${rest[3]}`, t));
    } else {
      return false;
    }
    return true;
  }

  async function token(req: IncomingMessage, res: ServerResponse, tokenUrl: string) {
    const form = new URLSearchParams(await readBody(req));
    const scopes = (form.get("scope") ?? "").split(" ").filter(Boolean);
    const refuse = (status: number, error: string, clientId?: string) => {
      state.tokenRequests.push({ clientId, scopes, outcome: "refused", error });
      json(res, status, { error });
    };
    if (form.get("grant_type") !== "client_credentials") return refuse(400, "unsupported_grant_type");
    if (form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
      return refuse(400, "invalid_request");
    const assertion = form.get("client_assertion") ?? "";
    let claims: { iss?: string; sub?: string; jti?: string };
    try {
      const unverified = JSON.parse(Buffer.from(assertion.split(".")[1] ?? "", "base64url").toString()) as {
        iss?: string;
      };
      const jwksUrl = unverified.iss ? clients.get(unverified.iss) : undefined;
      if (!jwksUrl || !unverified.iss) return refuse(401, "invalid_client");
      let jwks = jwksFor.get(unverified.iss);
      if (!jwks) jwksFor.set(unverified.iss, (jwks = createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 0 })));
      ({ payload: claims } = await jwtVerify(assertion, jwks, {
        algorithms: ["RS256"],
        audience: options.tokenAudience ?? tokenUrl,
        issuer: unverified.iss,
        subject: unverified.iss,
        requiredClaims: ["exp", "iat", "jti"],
      }));
    } catch {
      return refuse(401, "invalid_client");
    }
    if (seenJtis.has(claims.jti!)) return refuse(401, "invalid_client", claims.iss);
    seenJtis.add(claims.jti!);
    if (!scopes.length || scopes.some((s) => !KNOWN_SCOPES.has(s))) return refuse(400, "invalid_scope", claims.iss);
    const accessToken = crypto.randomUUID();
    const lifetime = options.tokenLifetimeSeconds ?? 3600;
    tokens.set(accessToken, {
      clientId: claims.iss!,
      scopes: new Set(scopes),
      expiresAt: Date.now() + lifetime * 1000,
    });
    state.tokenRequests.push({ clientId: claims.iss, scopes, outcome: "issued" });
    json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: lifetime, scope: scopes.join(" ") });
  }

  function bearer(req: IncomingMessage, res: ServerResponse, anyOf: string[]): IssuedToken | null {
    const header = req.headers.authorization ?? "";
    const t = header.startsWith("Bearer ") ? tokens.get(header.slice(7)) : undefined;
    if (!t || t.expiresAt < Date.now()) {
      json(res, 401, { error: "invalid_token" });
      return null;
    }
    if (!anyOf.some((s) => t.scopes.has(s))) {
      json(res, 403, { error: "insufficient_scope" });
      return null;
    }
    return t;
  }

  function memberships(res: ServerResponse, url: URL, contextId: string, base: string) {
    const roster = state.rosters.get(contextId);
    if (!roster) return json(res, 404, { error: "context not found" });
    const size = Math.min(Number(url.searchParams.get("limit")) || Infinity, options.pageSize ?? 50);
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const members = roster.members.slice((page - 1) * size, page * size);
    if (page * size < roster.members.length) {
      res.setHeader("link", `<${base}/memberships?page=${page + 1}&limit=${size}>; rel="next"`);
    }
    json(
      res,
      200,
      { id: `${base}/memberships`, context: { id: contextId, title: roster.title }, members },
      "application/vnd.ims.lti-nrps.v2.membershipcontainer+json",
    );
  }

  function listLineItems(res: ServerResponse, url: URL, contextId: string) {
    const filter = (key: keyof LineItem, param: string) => (i: LineItem) =>
      !url.searchParams.has(param) || i[key] === url.searchParams.get(param);
    const items = [...state.lineItems.values()]
      .filter((i) => i.contextId === contextId)
      .filter(filter("resourceLinkId", "resource_link_id"))
      .filter(filter("resourceId", "resource_id"))
      .filter(filter("tag", "tag"));
    json(res, 200, items.map(publicLineItem), "application/vnd.ims.lis.v2.lineitemcontainer+json");
  }

  async function createLineItem(req: IncomingMessage, res: ServerResponse, contextId: string, base: string) {
    if (!(req.headers["content-type"] ?? "").startsWith("application/vnd.ims.lis.v2.lineitem+json"))
      return json(res, 415, { error: "unsupported media type" });
    const body = JSON.parse((await readBody(req)) || "{}") as Partial<LineItem>;
    if (typeof body.label !== "string" || !body.label || !(Number(body.scoreMaximum) > 0))
      return json(res, 400, { error: "label and a positive scoreMaximum are required" });
    const item: LineItem = { ...body, id: `${base}/lineitems/${nextLineItem++}`, contextId } as LineItem;
    state.lineItems.set(item.id, item);
    json(res, 201, publicLineItem(item), "application/vnd.ims.lis.v2.lineitem+json");
  }

  async function postScore(req: IncomingMessage, res: ServerResponse, lineItemId: string, t: IssuedToken) {
    if (!state.lineItems.has(lineItemId)) return json(res, 404, { error: "line item not found" });
    if (req.headers["content-type"] !== "application/vnd.ims.lis.v1.score+json")
      return json(res, 415, { error: "unsupported media type" });
    const body = JSON.parse((await readBody(req)) || "{}") as Partial<RecordedScore>;
    const fault = state.scoreFaults.shift();
    if (fault && "status" in fault) {
      state.scorePosts.push({ userId: body.userId, timestamp: body.timestamp, outcome: "fault" });
      if (fault.retryAfterSeconds) res.setHeader("retry-after", String(fault.retryAfterSeconds));
      return json(res, fault.status, { error: "injected" });
    }
    const valid =
      typeof body.userId === "string" &&
      typeof body.timestamp === "string" &&
      !Number.isNaN(Date.parse(body.timestamp)) &&
      /(Z|[+-]\d\d:\d\d)$/.test(body.timestamp) &&
      ["Initialized", "Started", "InProgress", "Submitted", "Completed"].includes(body.activityProgress ?? "") &&
      ["FullyGraded", "Pending", "PendingManual", "Failed", "NotReady"].includes(body.gradingProgress ?? "") &&
      (body.scoreGiven === undefined || (typeof body.scoreGiven === "number" && Number(body.scoreMaximum) > 0));
    if (!valid) return json(res, 400, { error: "invalid score" });
    const last = state.scores.findLast((s) => s.lineItemId === lineItemId && s.userId === body.userId);
    const when = Date.parse(body.timestamp!);
    if (last && Date.parse(last.timestamp) === when) {
      // The same (user, timestamp) again: the same score, already on record.
      state.scorePosts.push({ userId: body.userId, timestamp: body.timestamp, outcome: "duplicate" });
      return json(res, 200, {});
    }
    if (last && Date.parse(last.timestamp) > when) {
      state.scorePosts.push({ userId: body.userId, timestamp: body.timestamp, outcome: "stale" });
      return json(res, 400, { error: "the score's timestamp is older than the current result" });
    }
    state.scores.push({ ...(body as RecordedScore), lineItemId, clientId: t.clientId, receivedAt: Date.now() });
    state.scorePosts.push({ userId: body.userId, timestamp: body.timestamp, outcome: "recorded" });
    if (fault && "holdAfterRecording" in fault) {
      state.held.push(res);
      return;
    }
    json(res, 200, {});
  }
}

function publicLineItem(item: LineItem) {
  return Object.fromEntries(Object.entries(item).filter(([k]) => k !== "contextId"));
}

function json(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "content-type": type }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}
