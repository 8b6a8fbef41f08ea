import { body, withUser } from "@/lib/api/handler";
import { addComment, listComments } from "@/lib/coaching/comments";
import { createCommentSchema } from "@/lib/validations/coaching";
import { conversationParams } from "@/lib/validations/conversation";

export const GET = withUser(async ({ params, caller }) => listComments(caller.user, params.conversationId), {
  role: "reviewer",
  params: conversationParams,
});

export const POST = withUser(
  async ({ req, params, caller }) =>
    Response.json(await addComment(caller.user, params.conversationId, await body(req, createCommentSchema)), {
      status: 201,
    }),
  { role: "reviewer", params: conversationParams },
);
