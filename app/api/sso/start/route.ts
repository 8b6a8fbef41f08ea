import { body, withPublic } from "@/lib/api/handler";
import { startSsoSignIn } from "@/lib/sso/flow";
import { ssoStartSchema } from "@/lib/validations/sso";

/** "Sign in with your organisation": the identity provider's address for this e-mail's domain. */
export const POST = withPublic(async ({ req }) => startSsoSignIn(req, await body(req, ssoStartSchema)));
