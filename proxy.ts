import { type NextRequest, NextResponse } from "next/server";

import { decodeSessionToken, PAGE_PATH_HEADER, SESSION_COOKIE } from "@/lib/auth/tokens";
import { env } from "@/lib/env";

const json = (status: number, detail: string) =>
  NextResponse.json({ detail }, { status, headers: { "Cache-Control": "no-store" } });

function hasBadPercentEncoding(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * Server actions are POSTs with a `Next-Action` header. Next.js answers a foreign Origin with a 500;
 * refuse it here with a 403 first (the same rule as cookie-authenticated API writes).
 */
function foreignServerAction(req: NextRequest): boolean {
  if (req.method !== "POST" || !req.headers.has("next-action")) return false;
  const origin = req.headers.get("origin");
  if (!origin) return false; // browsers always send Origin on a cross-site POST; non-browsers have no cookie to ride
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * A server action body Next.js cannot decode makes it answer 500. The client sends either the
 * JSON text React's encodeReply makes (text/plain) or multipart form data; anything else is 400.
 */
async function malformedServerAction(req: NextRequest): Promise<boolean> {
  if (req.method !== "POST" || !req.headers.has("next-action")) return false;
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  try {
    if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
      await req.clone().formData();
      return false;
    }
    JSON.parse(await req.clone().text());
    return false;
  } catch {
    return true;
  }
}

function secure(res: NextResponse): NextResponse {
  if (env().COOKIE_SECURE) {
    res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return res;
}

/**
 * Pages: refuses malformed paths and foreign server actions, sends HSTS behind HTTPS, and sends
 * visitors without a valid session cookie on protected pages to /auth?next=... APIs check callers
 * themselves (the proxy only rejects malformed percent-encoding there, which Next.js would turn
 * into a plain-text 500 before any route handler runs).
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (hasBadPercentEncoding(pathname)) return secure(json(400, "Malformed percent-encoding in the URL path"));
  if (pathname.startsWith("/api/")) return NextResponse.next();
  if (foreignServerAction(req)) return secure(json(403, "Cross-site request refused"));
  if (await malformedServerAction(req)) return secure(json(400, "Malformed server action request"));
  if (!/^\/(dashboard|organization|development|workspace|grade|call|activity)(\/|$)/.test(pathname))
    return secure(NextResponse.next());
  const token = req.cookies.get(SESSION_COOKIE)?.value;
  if (token && (await decodeSessionToken(token))) {
    // The page still checks the session row (revocation); if it fails it redirects to this path.
    const headers = new Headers(req.headers);
    headers.set(PAGE_PATH_HEADER, pathname + req.nextUrl.search);
    return secure(NextResponse.next({ request: { headers } }));
  }
  const url = new URL("/auth", req.nextUrl);
  url.search = "";
  url.searchParams.set("next", pathname + req.nextUrl.search);
  return secure(NextResponse.redirect(url));
}

export const config = {
  // Everything but build assets and static files; /api only when the path holds a percent sign.
  matcher: [
    "/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|jpg|ico|webp|txt|xml)$).*)",
    "/api/(.*%.*)",
  ],
};
