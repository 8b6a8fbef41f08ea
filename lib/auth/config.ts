import type { NextAuthConfig } from "next-auth";
import { SESSION_COOKIE } from "./tokens";

/** What is safe everywhere (proxy, pages): no database, no password hashing. */
export const authConfig = {
  basePath: "/api/nextauth",
  trustHost: true,
  session: { strategy: "jwt" },
  pages: { signIn: "/auth" },
  cookies: {
    sessionToken: {
      name: SESSION_COOKIE,
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: process.env.COOKIE_SECURE === "true" },
    },
  },
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.sid = (user as { sid?: string }).sid;
      return token;
    },
    session({ session, token }) {
      if (session.user) session.user.id = token.sub ?? "";
      return session;
    },
  },
} satisfies NextAuthConfig;
