import { body, withUser } from "@/lib/api/handler";
import { reviewGrade } from "@/lib/organizations/reviews";
import { reviewSchema } from "@/lib/validations/assignment";

export const PUT = withUser<{ conversationId: string }>(async ({ req, params, caller }) =>
  reviewGrade(caller.user, params.conversationId, await body(req, reviewSchema)),
);
