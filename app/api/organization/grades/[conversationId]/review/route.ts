import { body, withUser } from "@/lib/api/handler";
import { reviewGrade } from "@/lib/organizations/reviews";
import { reviewSchema } from "@/lib/validations/assignment";
import { conversationParams } from "@/lib/validations/conversation";

export const PUT = withUser(
  async ({ req, params, caller }) => reviewGrade(caller.user, params.conversationId, await body(req, reviewSchema)),
  { role: "reviewer", params: conversationParams },
);
