import { withUser } from "@/lib/api/handler";
import { createRegistrationLink, revokeRegistrationLinks } from "@/lib/lti/registration";

/** A one-time Dynamic Registration URL for an LMS (shown once; only its hash is kept). */
export const POST = withUser(
  async ({ req, caller }) => Response.json(await createRegistrationLink(caller.user, req), { status: 201 }),
  { role: "admin" },
);

/** Revokes every registration URL not used yet. */
export const DELETE = withUser(async ({ caller }) => revokeRegistrationLinks(caller.user), { role: "admin" });
