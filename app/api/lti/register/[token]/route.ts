import { z } from "zod";

import { withPublic } from "@/lib/api/handler";
import { badRequest, notFound } from "@/lib/errors";
import { ltiErrorResponse, readParams, seeOther } from "@/lib/lti/http";
import { completeRegistration, LINK_NOT_FOUND, registrationLink, registrationQuery } from "@/lib/lti/registration";

export const dynamic = "force-dynamic";

const tokenParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, LINK_NOT_FOUND) });

/** Dynamic Registration's confirmation (the page in the LMS posts it): register, then say "done" to the LMS. */
export const POST = withPublic(
  async ({ req, params }) => {
    try {
      if (!(await registrationLink(params.token))) throw notFound(LINK_NOT_FOUND);
      const form = registrationQuery.safeParse(await readParams(req));
      if (!form.success) throw badRequest("The LMS did not send an openid_configuration URL with the registration.");
      await completeRegistration(params.token, form.data, req);
      return seeOther(`/lti/register/${params.token}?done=1`);
    } catch (err) {
      return ltiErrorResponse(req, err);
    }
  },
  { params: tokenParams },
);
