import "server-only";

import type { NextRequest } from "next/server";
import type { z } from "zod";

import { assertRole, declareAccess, type Role } from "@/lib/auth/roles";
import { resolveSession, type SessionUser } from "@/lib/auth/service";
import { SESSION_COOKIE } from "@/lib/auth/tokens";
import { assertAgent } from "@/lib/conversations/agent-auth";
import { env } from "@/lib/env";
import { errorResponse, forbidden, notFound, unauthorized } from "@/lib/errors";

import { bearerToken } from "./bearer";
import { readJson } from "./body";

export type Caller = { user: SessionUser; sessionId: string; via: "bearer" | "cookie" };

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Result = Response | object;

type PublicContext<P> = { req: NextRequest; params: P };
type UserContext<P> = PublicContext<P> & { caller: Caller };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function toResponse(result: Result): Response {
  return result instanceof Response ? result : Response.json(result);
}

/** Reads the bearer header first, then the session cookie. */
async function resolveCaller(req: NextRequest): Promise<Caller> {
  const bearer = bearerToken(req);
  const cookie = req.cookies.get(SESSION_COOKIE)?.value;
  const token = bearer || cookie;
  if (!token) throw unauthorized("No authentication token found");
  const resolved = await resolveSession(token);
  if (!resolved) throw unauthorized("Token is invalid, expired or revoked");
  const via = bearer ? "bearer" : "cookie";
  if (via === "cookie" && !SAFE_METHODS.has(req.method)) assertSameOrigin(req);
  return { ...resolved, via };
}

/** Cookie-authenticated writes must come from our own pages (CSRF). */
function assertSameOrigin(req: NextRequest) {
  const site = req.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  const origin = req.headers.get("origin");
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (origin && host && originHost(origin) === host) return;
  throw forbidden("Cross-site request refused");
}

/** The host of an Origin header; null for `null`, garbage or anything that is not a URL. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

/**
 * Every API answer: never stored by a cache (sign-in carries the token, the rest is per caller),
 * and Strict-Transport-Security when the app runs behind HTTPS (COOKIE_SECURE).
 */
function finish(res: Response): Response {
  if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
  if (env().COOKIE_SECURE) res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return res;
}

type ParamsSchema = z.ZodType<object>;
type ParamsOf<S> = S extends ParamsSchema ? z.output<S> : Record<string, string | string[]>;
type RouteOptions<S> = {
  /** The route's dynamic segments; a value it refuses (a malformed id) is the schema's own 404 message. */
  params?: S;
};

function parseParams<S extends ParamsSchema | undefined>(schema: S, raw: unknown): ParamsOf<S> {
  if (!schema) return raw as ParamsOf<S>;
  const result = schema.safeParse(raw);
  if (!result.success) throw notFound(result.error.issues[0]?.message);
  return result.data as ParamsOf<S>;
}

/** Who may call comes first (401/403), then the params (404), then the handler. */
function route<C extends object, S extends ParamsSchema | undefined>(
  authorize: (req: NextRequest) => Promise<C> | C,
  handler: (ctx: PublicContext<ParamsOf<S>> & C) => Promise<Result>,
  options: RouteOptions<S>,
) {
  return async (req: NextRequest, ctx: RouteContext) => {
    try {
      const who = await authorize(req);
      const params = parseParams(options.params as S, await ctx.params);
      return finish(toResponse(await handler({ ...who, req, params })));
    } catch (err) {
      return finish(errorResponse(err));
    }
  };
}

/** A route anyone may call, signed in or not. */
export function withPublic<S extends ParamsSchema | undefined = undefined>(
  handler: (ctx: PublicContext<ParamsOf<S>>) => Promise<Result>,
  options: RouteOptions<S> = {},
) {
  return declareAccess(
    route(() => ({}), handler, options),
    { role: "public" },
  );
}

type UserRouteOptions<S> = RouteOptions<S> & {
  /** Who may call, from the role table in lib/auth/roles.ts. */
  role: Role;
  /** Words the wrapper's refusal: "Only developers can <action>". */
  action?: string;
};

/**
 * A signed-in caller holding `role`. The wrapper checks the roles a session decides (`user`,
 * `developer`) before the params; `admin` and `reviewer` are held in an organisation, which the
 * service checks with requireRole/hasRole once it knows which organisation owns the object.
 */
export function withUser<S extends ParamsSchema | undefined = undefined>(
  handler: (ctx: UserContext<ParamsOf<S>>) => Promise<Result>,
  options: UserRouteOptions<S>,
) {
  const { role, action } = options;
  return declareAccess(
    route(
      async (req) => {
        const caller = await resolveCaller(req);
        if (role === "developer") assertRole(caller.user, role, null, action);
        return { caller };
      },
      handler,
      options,
    ),
    { role },
  );
}

/** The persona agent's routes: its shared secret, never a user's session. */
export function withAgent<S extends ParamsSchema | undefined = undefined>(
  handler: (ctx: PublicContext<ParamsOf<S>>) => Promise<Result>,
  options: RouteOptions<S> = {},
) {
  return declareAccess(
    route(
      (req) => {
        assertAgent(req);
        return {};
      },
      handler,
      options,
    ),
    { role: "agent" },
  );
}

/** A public route that answers by itself (Auth.js's callback), outside this wrapper. */
export function publicPassthrough<H extends (req: NextRequest) => Promise<Response>>(handler: H) {
  return declareAccess(handler, { role: "public" });
}

/** Parses and validates the JSON body with the shared zod schema. */
export function body<S extends z.ZodType>(req: NextRequest, schema: S, maxBytes?: number): Promise<z.output<S>> {
  return readJson(req, maxBytes).then((raw) => schema.parse(raw));
}

/** Parses search params with a zod schema; a refused value is a 422 naming it. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value);
}
