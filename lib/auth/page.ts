import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { resolveSession, type SessionUser } from "./service";
import { SESSION_COOKIE } from "./tokens";

/** The signed-in user of a page (from the session cookie), or a redirect to /auth. */
export async function requirePageUser(): Promise<SessionUser> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const resolved = token ? await resolveSession(token) : null;
  if (!resolved) redirect("/auth");
  return resolved.user;
}

/** Like requirePageUser, for server actions: null instead of a redirect. */
export async function currentUser(): Promise<SessionUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? ((await resolveSession(token))?.user ?? null) : null;
}
