import type { NextRequest } from "next/server";
import type { z } from "zod";
import { resolveSession, type SessionUser } from "@/lib/auth/service";
import { SESSION_COOKIE } from "@/lib/auth/tokens";
import { errorResponse, forbidden, unauthorized } from "@/lib/errors";
import { env } from "@/lib/env";
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
export async function resolveCaller(req: NextRequest): Promise<Caller> {
  const header = req.headers.get("authorization");
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
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

export function withPublic<P = Record<string, string>>(handler: (ctx: PublicContext<P>) => Promise<Result>) {
  return async (req: NextRequest, ctx: RouteContext) => {
    try {
      return finish(toResponse(await handler({ req, params: (await ctx.params) as P })));
    } catch (err) {
      return finish(errorResponse(err));
    }
  };
}

export function withUser<P = Record<string, string>>(handler: (ctx: UserContext<P>) => Promise<Result>) {
  return withPublic<P>(async ({ req, params }) => handler({ req, params, caller: await resolveCaller(req) }));
}

export function withDev<P = Record<string, string>>(handler: (ctx: UserContext<P>) => Promise<Result>) {
  return withUser<P>(async (ctx) => {
    if (!ctx.caller.user.isDev) throw forbidden("Developer access required");
    return handler(ctx);
  });
}

/** Parses and validates the JSON body with the shared zod schema. */
export function body<S extends z.ZodType>(req: NextRequest, schema: S, maxBytes?: number): Promise<z.output<S>> {
  return readJson(req, maxBytes).then((raw) => schema.parse(raw));
}

/** Parses route params or search params with a zod schema; failures are 404-free 422s. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value);
}

