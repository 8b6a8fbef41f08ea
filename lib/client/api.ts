"use client";

import { clearToken, getToken } from "./storage";

/** How the client turns any error answer into a message: `detail` as text, or its entries' `msg` joined. */
export function errorMessage(data: unknown): string {
  const detail = (data as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return detail.map((d) => (d as { msg?: string }).msg ?? "").join(", ");
  if (typeof detail === "string") return detail;
  return "API request failed";
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

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
  if (!res.ok) throw new ApiError(res.status, errorMessage(data));
  return data as T;
}

/** The 401/Token rule: a 401, or a message naming 401 or Token, means the caller must sign in again. */
export function isAuthError(err: unknown): boolean {
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
