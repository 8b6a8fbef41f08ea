import { body, withUser } from "@/lib/api/handler";
import { editComment, removeComment } from "@/lib/coaching/comments";
import { commentParams, updateCommentSchema } from "@/lib/validations/coaching";

export const PATCH = withUser(
  async ({ req, params, caller }) =>
    editComment(caller.user, params.conversationId, params.commentId, await body(req, updateCommentSchema)),
  { role: "reviewer", params: commentParams },
);

export const DELETE = withUser(
  async ({ params, caller }) => removeComment(caller.user, params.conversationId, params.commentId),
  { role: "reviewer", params: commentParams },
);
