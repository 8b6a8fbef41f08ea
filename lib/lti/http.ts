import "server-only";

import type { NextRequest } from "next/server";

import { AppError, errorResponse } from "@/lib/errors";

import { ltiError } from "./errors";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A small page of its own (it may be shown inside the LMS's frame, where Parley's app pages are not). */
function errorPage(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley could not open this activity</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f8fafc;color:#0f172a}main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:.5rem 0}small{color:#64748b}</style></head>
<body><main role="alert"><h1>Parley could not open this activity</h1><p>${escape(message)}</p><p><small>Error ${status}</small></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // This page may be framed by the LMS that launched it; nothing on it can be clicked into harm.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *",
    },
  });
}

/** A browser (the LMS's form post) gets a page; an API client gets the usual JSON `{detail}`. */
export function ltiErrorResponse(req: NextRequest, err: unknown): Response {
  const json = errorResponse(err);
  if (!(req.headers.get("accept") ?? "").includes("text/html")) return json;
  const status = json.status;
  const message = err instanceof AppError ? err.message : "Something went wrong. Try again.";
  return errorPage(status, message);
}

/** The parameters of a GET query or an url-encoded / multipart POST; anything else is a 400. */
export async function readParams(req: NextRequest): Promise<Record<string, string>> {
  if (req.method === "GET") return Object.fromEntries(req.nextUrl.searchParams);
  const type = req.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type))
    throw ltiError("bad_request", "send the parameters as a form post");
  try {
    const form = await req.formData();
    const out: Record<string, string> = {};
    for (const [k, v] of form) if (typeof v === "string") out[k] = v;
    return out;
  } catch {
    throw ltiError("bad_request", "the form could not be read");
  }
}

/** 303 (a POST becomes a GET), with cookies when given. */
export function seeOther(location: string | URL, cookies: string[] = []): Response {
  const headers = new Headers({ Location: String(location) });
  for (const c of cookies) headers.append("Set-Cookie", c);
  return new Response(null, { status: 303, headers });
}
