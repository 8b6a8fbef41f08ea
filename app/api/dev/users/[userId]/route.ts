import { withDev } from "@/lib/api/handler";
import { deleteAccount } from "@/lib/data/erasure";
import { memberParams } from "@/lib/validations/organization";

export const DELETE = withDev(async ({ params, caller }) => deleteAccount(caller.user, params.userId), {
  params: memberParams,
});
