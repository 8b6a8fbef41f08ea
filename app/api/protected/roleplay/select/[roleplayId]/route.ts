import { withUser } from "@/lib/api/handler";
import { getRoleplay } from "@/lib/roleplays/service";
import { roleplayParams } from "@/lib/validations/roleplay";

export const GET = withUser(async ({ params, caller }) => getRoleplay(caller.user, params.roleplayId), {
  role: "user",
  params: roleplayParams,
});
