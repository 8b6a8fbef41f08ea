import { body, withPublic } from "@/lib/api/handler";
import { signUp } from "@/lib/auth/service";
import { hit, clientAddress } from "@/lib/rate-limit";
import { AppError } from "@/lib/errors";
import { signUpSchema } from "@/lib/validations/auth";

export const POST = withPublic(async ({ req }) => {
  const wait = hit(`signup:addr:${clientAddress(req.headers)}`, 100, 60 * 60_000);
  if (wait) throw new AppError(429, "Too many sign-ups from this address. Try again later.", { "Retry-After": String(wait) });
  const result = await signUp(await body(req, signUpSchema));
  return Response.json(result, { status: 201 });
});
