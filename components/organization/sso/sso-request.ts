"use client";

import { getToken } from "@/lib/client/storage";

/** An answer of the SSO admin API: the body, or the message and each field's message. */
export type SsoAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

export async function ssoRequest<T>(path: string, method: string, body?: unknown): Promise<SsoAnswer<T>> {
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
