import { withUser } from "@/lib/api/handler";
import { listCriterionReviews } from "@/lib/coaching/criteria";
import { conversationParams } from "@/lib/validations/conversation";

export const GET = withUser(async ({ params, caller }) => listCriterionReviews(caller.user, params.conversationId), {
  role: "reviewer",
  params: conversationParams,
});
