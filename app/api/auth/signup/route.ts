import { body, withPublic } from "@/lib/api/handler";
import { signUp } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { clientAddress, take } from "@/lib/rate-limit";
import { signUpSchema } from "@/lib/validations/auth";

export const POST = withPublic(async ({ req }) => {
  const wait = await take("signupAddress", clientAddress(req.headers));
  if (wait)
    throw new AppError("rate_limited:signup", "Too many sign-ups from this address. Try again later.", {
      "Retry-After": String(wait),
    });
  const result = await signUp(await body(req, signUpSchema));
  return Response.json(result, { status: 201 });
});
