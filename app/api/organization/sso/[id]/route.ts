import { body, withUser } from "@/lib/api/handler";
import { publicOrigin } from "@/lib/sso/flow";
import { deleteSsoProvider, updateSsoProvider } from "@/lib/sso/providers";
import { ssoProviderParams, updateSsoProviderSchema } from "@/lib/validations/sso";

/** Edit, enable or disable; a blank secret keeps the stored one. */
export const PATCH = withUser(
  async ({ req, caller, params }) =>
    updateSsoProvider(caller.user, params.id, await body(req, updateSsoProviderSchema), publicOrigin(req)),
  { role: "admin", params: ssoProviderParams },
);

export const DELETE = withUser(async ({ caller, params }) => deleteSsoProvider(caller.user, params.id), {
  role: "admin",
  params: ssoProviderParams,
});
