import { withPublic } from "@/lib/api/handler";
import { ltiErrorResponse, readParams } from "@/lib/lti/http";
import { launchResponse } from "@/lib/lti/launch-response";

export const dynamic = "force-dynamic";

/** The launch (OIDC form_post of the id_token and our state): verifies it, signs the user in, lands them. */
export const POST = withPublic(async ({ req }) => {
  try {
    return await launchResponse(await readParams(req), req.headers.get("sec-fetch-dest"));
  } catch (err) {
    return ltiErrorResponse(req, err);
  }
});
