import "server-only";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

import { unauthorized } from "@/lib/errors";

import { resolveSession, type SessionUser } from "./service";
import { PAGE_PATH_HEADER, SESSION_COOKIE } from "./tokens";

// One session lookup per request however many layouts and pages ask (React's per-request cache;
// outside a request it simply calls through).
const sessionOf = cache((token: string) => resolveSession(token));

/** The signed-in user of a page (from the session cookie), or a redirect to /auth. */
export async function requirePageUser(): Promise<SessionUser> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const resolved = token ? await sessionOf(token) : null;
  if (!resolved) {
    // proxy.ts passes the page's own path on; the sign-in page returns there afterwards.
    const path = (await headers()).get(PAGE_PATH_HEADER);
    redirect(path ? `/auth?next=${encodeURIComponent(path)}` : "/auth?next=%2Fdashboard");
  }
  return resolved.user;
}

/** Like requirePageUser, for server actions: null instead of a redirect. */
async function currentUser(): Promise<SessionUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? ((await sessionOf(token))?.user ?? null) : null;
}

/** The signed-in user of a server action; a 401 (shown as its message) when the session has ended. */
export async function requireActionUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw unauthorized("Your session has ended. Please sign in again.");
  return user;
}
