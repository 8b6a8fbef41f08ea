import { withUser } from "@/lib/api/handler";
import { revokeJoinCode } from "@/lib/organizations/join-codes";
import { joinCodeParams } from "@/lib/validations/join-code";

export const POST = withUser(async ({ params, caller }) => revokeJoinCode(caller.user, params.id), {
  role: "admin",
  params: joinCodeParams,
});
