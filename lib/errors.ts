import { ZodError } from "zod";

import { describeError, logScrubbedError } from "./db-errors";

/** An error the caller can act on: its message is safe to show and becomes `detail`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = "Not authenticated") => new AppError(401, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail = "Not found") => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

export function zodIssues(error: ZodError, root: string = "body"): ValidationIssue[] {
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
    return Response.json({ detail: err.message }, { status: err.status, headers: err.headers });
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
