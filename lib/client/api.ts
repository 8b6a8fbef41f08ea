"use client";

import { ERROR_CODE_HEADER, type ErrorCode } from "@/lib/errors";

import { clearToken, getToken } from "./storage";

/** How the client turns any error answer into a message: `detail` as text, or its entries' `msg` joined. */
function errorMessage(data: unknown): string {
  const detail = (data as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return detail.map((d) => (d as { msg?: string }).msg ?? "").join(", ");
  if (typeof detail === "string") return detail;
  return "API request failed";
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's AppError code (`ended:conversation`), sent in a header; null for other failures. */
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The error of a failed answer: its status, its message, and the code the server sent with it. */
export const apiErrorOf = (res: Response, data: unknown) =>
  new ApiError(res.status, errorMessage(data), res.headers.get(ERROR_CODE_HEADER) as ErrorCode | null);

type Options = { method?: string; body?: unknown; auth?: boolean };

/** Calls the product API with the stored bearer token (the session cookie goes along too). */
export async function api<T = unknown>(path: string, { method = "GET", body, auth = true }: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (auth) {
    const token = getToken();
    if (!token) throw new ApiError(401, "No authentication token found");
    headers.authorization = `Bearer ${token}`;
  }
  if (body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "Network error");
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res, data);
  return data as T;
}

/** The 401/Token rule: a 401, or a message naming 401 or Token, means the caller must sign in again. */
function isAuthError(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401) return true;
  const message = err instanceof Error ? err.message : String(err);
  return message.includes("401") || message.includes("Token");
}

/** Applies the 401/Token rule: clears the stored session and sends the user to /auth. */
export function redirectIfAuthError(err: unknown): boolean {
  if (!isAuthError(err)) return false;
  clearToken();
  // A full load, not a client navigation: the proxy and layouts must see the cleared session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/auth");
  return true;
}

/** A form's answer from the API: the body, or the message and each body field's own message (422 `loc`). */
type FormAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

/** Like `api`, but never throws: admin forms show the message and put each field's message by its field. */
export async function formRequest<T = unknown>(path: string, method: string, body?: unknown): Promise<FormAnswer<T>> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, message: "Network error: check your connection and try again.", fields: {} };
  }
  const data = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: data as T };
  const detail = (data as { detail?: unknown } | null)?.detail;
  const fields: Record<string, string> = {};
  if (Array.isArray(detail))
    for (const d of detail as { loc?: (string | number)[]; msg?: string }[]) {
      const field = String(d.loc?.[1] ?? "");
      if (field && d.msg && !fields[field]) fields[field] = d.msg;
    }
  const message =
    typeof detail === "string"
      ? detail
      : Object.keys(fields).length
        ? "Check the highlighted fields."
        : "The request failed. Please try again.";
  return { ok: false, status: res.status, message, fields };
}
