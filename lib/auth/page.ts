import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { resolveSession, type SessionUser } from "./service";
import { SESSION_COOKIE } from "./tokens";

// One session lookup per request however many layouts and pages ask (React's per-request cache;
// outside a request it simply calls through).
const sessionOf = cache((token: string) => resolveSession(token));

/** The signed-in user of a page (from the session cookie), or a redirect to /auth. */
export async function requirePageUser(): Promise<SessionUser> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const resolved = token ? await sessionOf(token) : null;
  if (!resolved) redirect("/auth");
  return resolved.user;
}

/** Like requirePageUser, for server actions: null instead of a redirect. */
export async function currentUser(): Promise<SessionUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? ((await sessionOf(token))?.user ?? null) : null;
}
