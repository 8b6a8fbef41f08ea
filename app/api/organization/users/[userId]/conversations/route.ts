import { withUser } from "@/lib/api/handler";
import { getUserConversations } from "@/lib/organizations/cohort";
import { memberParams } from "@/lib/validations/organization";

export const GET = withUser(async ({ params, caller }) => getUserConversations(caller.user, params.userId), {
  role: "admin",
  params: memberParams,
});
