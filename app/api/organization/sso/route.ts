import { body, withUser } from "@/lib/api/handler";
import { publicOrigin } from "@/lib/sso/flow";
import { createSsoProvider, listSsoProviders } from "@/lib/sso/providers";
import { createSsoProviderSchema } from "@/lib/validations/sso";

export const GET = withUser(async ({ req, caller }) => listSsoProviders(caller.user, publicOrigin(req)), {
  role: "admin",
});

/** The issuer's discovery document is fetched and checked before anything is saved. */
export const POST = withUser(
  async ({ req, caller }) =>
    Response.json(await createSsoProvider(caller.user, await body(req, createSsoProviderSchema), publicOrigin(req)), {
      status: 201,
    }),
  { role: "admin" },
);
