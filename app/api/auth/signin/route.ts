import { body, withPublic } from "@/lib/api/handler";
import { signIn } from "@/lib/auth/service";
import { sessionCookie } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/rate-limit";
import { signInSchema } from "@/lib/validations/auth";

export const POST = withPublic(async ({ req }) => {
  const input = await body(req, signInSchema);
  const { token, maxAge, user } = await signIn(input, clientAddress(req.headers));
  return Response.json(
    { token, user, message: "Signed in successfully" },
    { headers: { "Set-Cookie": sessionCookie(token, maxAge, env().COOKIE_SECURE) } },
  );
});
