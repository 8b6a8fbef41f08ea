import { withUser } from "@/lib/api/handler";
import { deleteLearner } from "@/lib/data/erasure";
import { memberParams } from "@/lib/validations/organization";

export const DELETE = withUser(async ({ params, caller }) => deleteLearner(caller.user, params.userId), {
  role: "admin",
  params: memberParams,
});
