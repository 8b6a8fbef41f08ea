import { body, withUser } from "@/lib/api/handler";
import { deletePlatform, getPlatform, updatePlatform } from "@/lib/lti/platforms";
import { platformParams, platformSchema } from "@/lib/validations/lti";

export const GET = withUser(async ({ params, caller }) => getPlatform(caller.user, params.id), {
  role: "admin",
  params: platformParams,
});

export const PUT = withUser(
  async ({ req, params, caller }) => updatePlatform(caller.user, params.id, await body(req, platformSchema)),
  { role: "admin", params: platformParams },
);

export const DELETE = withUser(async ({ params, caller }) => deletePlatform(caller.user, params.id), {
  role: "admin",
  params: platformParams,
});
