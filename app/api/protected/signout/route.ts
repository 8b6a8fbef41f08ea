import { withUser } from "@/lib/api/handler";
import { signOut } from "@/lib/auth/service";
import { clearedSessionCookie } from "@/lib/auth/tokens";
import { env } from "@/lib/env";

export const POST = withUser(
  async ({ caller }) => {
    const result = await signOut(caller.sessionId);
    return Response.json(result, { headers: { "Set-Cookie": clearedSessionCookie(env().COOKIE_SECURE) } });
  },
  { role: "user" },
);
