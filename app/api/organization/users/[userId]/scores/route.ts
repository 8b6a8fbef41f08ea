import { withUser } from "@/lib/api/handler";
import { notFound } from "@/lib/errors";
import { getUserScores } from "@/lib/organizations/scores";
import { isUuid } from "@/lib/validations/organization";

export const GET = withUser<{ userId: string }>(async ({ params, caller }) => {
  if (!isUuid(params.userId)) throw notFound("User not found");
  return Response.json(await getUserScores(caller.user, params.userId));
});
