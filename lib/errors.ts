import { ZodError } from "zod";

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

/** True for the errors drivers raise when the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  const message = err instanceof Error ? err.message : "";
  return (
    code === "ECONNREFUSED" ||
    code === "ECONNRESET" ||
    code === "CONNECT_TIMEOUT" ||
    code === "CONNECTION_ENDED" ||
    code === "CONNECTION_DESTROYED" ||
    code === "CONNECTION_CLOSED" ||
    code === "57P01" || // admin_shutdown
    code === "57P03" || // cannot_connect_now
    /ECONNREFUSED|Connection terminated|the database system is (shutting down|starting up)/i.test(message)
  );
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
    console.error("[api] database unavailable:", err instanceof Error ? err.message : err);
    return Response.json(
      { detail: "The service is temporarily unavailable. Please try again shortly." },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  console.error("[api] unexpected error:", err);
  return Response.json({ detail: "Internal server error" }, { status: 500 });
}
