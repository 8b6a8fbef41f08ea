import { withUser } from "@/lib/api/handler";
import { deleteAccount } from "@/lib/data/erasure";
import { memberParams } from "@/lib/validations/organization";

export const DELETE = withUser(async ({ params, caller }) => deleteAccount(caller.user, params.userId), {
  role: "developer",
  params: memberParams,
});
