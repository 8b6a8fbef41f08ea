"use client";

import { getToken } from "@/lib/client/storage";

export type LtiAnswer<T> = { ok: true; data: T } | { ok: false; message: string; fields: Record<string, string> };

/** Calls the organisation's LTI API with the stored token; field messages keyed by body field. */
export async function ltiRequest<T>(path: string, method: string, body?: unknown): Promise<LtiAnswer<T>> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return { ok: false, message: "Network error: check your connection and try again.", fields: {} };
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
  const message = typeof detail === "string" ? detail : "Check the highlighted fields.";
  return { ok: false, message, fields };
}
