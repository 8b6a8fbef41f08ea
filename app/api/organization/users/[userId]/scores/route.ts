import { withUser } from "@/lib/api/handler";
import { getUserScores } from "@/lib/organizations/scores";
import { idOrNotFound } from "@/lib/validations/id";

export const GET = withUser<{ userId: string }>(async ({ params, caller }) =>
  Response.json(await getUserScores(caller.user, idOrNotFound(params.userId, "User"))),
);
