import { body, withUser } from "@/lib/api/handler";
import { createPlatform, listPlatforms } from "@/lib/lti/platforms";
import { platformSchema } from "@/lib/validations/lti";

/** The organisation's LMS registrations, and the tool URLs to paste into an LMS (admins). */
export const GET = withUser(async ({ req, caller }) => listPlatforms(caller.user, req), { role: "admin" });

/** Manual registration: what the LMS's developer key page shows, plus its deployment ids. */
export const POST = withUser(
  async ({ req, caller }) =>
    Response.json(await createPlatform(caller.user, await body(req, platformSchema)), { status: 201 }),
  { role: "admin" },
);
