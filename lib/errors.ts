import { ZodError } from "zod";

import { describeError, logScrubbedError } from "./db-errors";

/**
 * What went wrong, the first half of every error code: its HTTP status, and the message shown when
 * the thrower gives none. A code is "type:surface" (vercel/ai-chatbot's convention): `not_found:conversation`.
 */
export const ERROR_TYPES = {
  bad_request: { status: 400, message: "The request is not valid" },
  unauthorized: { status: 401, message: "Not authenticated" },
  payment_required: { status: 402, message: "No credits left" },
  forbidden: { status: 403, message: "You are not allowed to do this" },
  not_found: { status: 404, message: "Not found" },
  conflict: { status: 409, message: "This conflicts with the current state" },
  ended: { status: 409, message: "This conversation has ended" },
  too_large: { status: 413, message: "The request is too large" },
  unsupported_media: { status: 415, message: "This kind of content is not accepted here" },
  invalid: { status: 422, message: "The request cannot be used as it is" },
  rate_limited: { status: 429, message: "Too many attempts. Try again later." },
  upstream: { status: 502, message: "An outside service failed. Try again in a moment." },
  unavailable: { status: 503, message: "This service is not available" },
  timeout: { status: 504, message: "An outside service did not answer in time" },
} as const satisfies Record<string, { status: number; message: string }>;

type ErrorType = keyof typeof ERROR_TYPES;
/** "type:surface": what went wrong, and where (the resource or feature). Code branches on it, never on the message. */
export type ErrorCode = `${ErrorType}:${string}`;

/** The response header that carries an AppError's code to the client; the body stays the spec's `{detail}`. */
export const ERROR_CODE_HEADER = "Parley-Error-Code";

const errorTypeOf = (code: ErrorCode) => code.slice(0, code.indexOf(":")) as ErrorType;

/** The type whose status this is (the first in the table: 409 is `conflict`). */
export const errorTypeOfStatus = (status: number): ErrorType => {
  const type = (Object.keys(ERROR_TYPES) as ErrorType[]).find((t) => ERROR_TYPES[t].status === status);
  if (!type) throw new Error(`No error type has the status ${status}: add it to ERROR_TYPES`);
  return type;
};

/**
 * An error the caller can act on: its message is safe to show and becomes `detail`. Thrown with a
 * code (`new AppError("not_found:conversation")`); the older form with a status (`new AppError(404, ...)`)
 * still works while call sites move over, and gets the code of that status's type on the surface "api".
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(
    code: ErrorCode | number,
    message?: string,
    readonly headers?: Record<string, string>,
  ) {
    const type = typeof code === "number" ? errorTypeOfStatus(code) : errorTypeOf(code);
    super(message ?? ERROR_TYPES[type].message);
    this.name = "AppError";
    this.code = typeof code === "number" ? `${type}:api` : code;
    this.status = ERROR_TYPES[type].status;
  }
}

// The codes of these helpers name the surface "api" unless the thrower names one.
export const badRequest = (detail: string, surface = "api") => new AppError(`bad_request:${surface}`, detail);
export const unauthorized = (detail = "Not authenticated", surface = "api") =>
  new AppError(`unauthorized:${surface}`, detail);
export const forbidden = (detail: string, surface = "api") => new AppError(`forbidden:${surface}`, detail);
export const notFound = (detail = "Not found", surface = "api") => new AppError(`not_found:${surface}`, detail);
export const conflict = (detail: string, surface = "api") => new AppError(`conflict:${surface}`, detail);

type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

function zodIssues(error: ZodError, root: string = "body"): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [root, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "CONNECT_TIMEOUT",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECTION_CLOSED",
  "57P01",
  "57P02",
  "57P03", // admin_shutdown, crash_shutdown, cannot_connect_now
]);

/** True for the errors drivers raise when the database cannot be reached (Drizzle wraps them in `cause`). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: string }).code;
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    const message = e instanceof Error ? e.message : "";
    if (/ECONNREFUSED|Connection terminated|the database system is (shutting down|starting up)/i.test(message))
      return true;
  }
  return false;
}

/** The one map from any thrown value to the JSON answer the spec's client reads. */
export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) {
    const headers = { ...err.headers, [ERROR_CODE_HEADER]: err.code };
    return Response.json({ detail: err.message }, { status: err.status, headers });
  }
  if (err instanceof ZodError) {
    return Response.json({ detail: zodIssues(err) }, { status: 422 });
  }
  if (isDatabaseUnavailable(err)) {
    console.error(`[api] database unavailable: ${describeError(err)}`);
    return Response.json(
      { detail: "The service is temporarily unavailable. Please try again shortly." },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  logScrubbedError("api", err);
  return Response.json({ detail: "Internal server error" }, { status: 500 });
}
