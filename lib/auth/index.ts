import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { findUserByEmail, insertSession } from "@/db/queries/users";
import { env } from "@/lib/env";
import { signInSchema } from "@/lib/validations/auth";
import { authConfig } from "./config";
import { verifyDummyPassword, verifyPassword } from "./password";

export const { auth, handlers } = NextAuth({
  ...authConfig,
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(raw) {
        const parsed = signInSchema.safeParse(raw);
        if (!parsed.success) return null;
        const db = await getDb();
        const user = await findUserByEmail(db, parsed.data.email);
        if (!user) return (await verifyDummyPassword(parsed.data.password), null);
        if (!(await verifyPassword(user.password_hash, parsed.data.password))) return null;
        // Every session Auth.js issues is recorded too, so sign-out can revoke it.
        const expiresAt = new Date(Date.now() + env().SESSION_TTL_HOURS * 3600_000);
        const session = await insertSession(db, { userId: user.id, expiresAt });
        return { id: user.id, name: user.name, email: user.email, sid: session.id };
      },
    }),
  ],
});
