import { withPublic } from "@/lib/api/handler";
import { sessionCookie } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import { redeemHandoff } from "@/lib/lti/handoff";
import { ltiErrorResponse, readParams, seeOther } from "@/lib/lti/http";

export const dynamic = "force-dynamic";

/** The new tab opened from a framed launch: the one-time code becomes a first-party session. */
export const POST = withPublic(async ({ req }) => {
  try {
    const { code } = await readParams(req);
    const session = await redeemHandoff(code ?? "");
    const to = `/lti/continue?${new URLSearchParams({ to: session.to })}`;
    return seeOther(to, [sessionCookie(session.token, session.maxAge, env().COOKIE_SECURE)]);
  } catch (err) {
    return ltiErrorResponse(req, err);
  }
});
