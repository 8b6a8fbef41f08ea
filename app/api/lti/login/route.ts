import { withPublic } from "@/lib/api/handler";
import { ltiErrorResponse, readParams } from "@/lib/lti/http";
import { initiateLogin } from "@/lib/lti/login";
import { clientAddress } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

/** OIDC login initiation (LTI 1.3): the LMS sends the browser here first, by GET or POST. */
async function login({ req }: { req: Parameters<typeof readParams>[0] }) {
  try {
    const auth = await initiateLogin(await readParams(req), req, clientAddress(req.headers));
    return new Response(null, { status: 302, headers: { Location: auth.toString() } });
  } catch (err) {
    return ltiErrorResponse(req, err);
  }
}

export const GET = withPublic(login);
export const POST = withPublic(login);
