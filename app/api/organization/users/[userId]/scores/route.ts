import { withUser } from "@/lib/api/handler";
import { getUserScores } from "@/lib/organizations/scores";
import { memberParams } from "@/lib/validations/organization";

export const GET = withUser(
  async ({ params, caller }) => Response.json(await getUserScores(caller.user, params.userId)),
  { role: "admin", params: memberParams },
);
