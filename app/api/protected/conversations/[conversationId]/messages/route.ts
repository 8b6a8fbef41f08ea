import { body, withUser } from "@/lib/api/handler";
import { addLearnerMessage } from "@/lib/conversations/service";
import { conversationParams, learnerMessageSchema } from "@/lib/validations/conversation";

export const POST = withUser(
  async ({ req, params, caller }) => {
    const { text } = await body(req, learnerMessageSchema, 16 * 1024);
    return addLearnerMessage(caller.user, params.conversationId, text);
  },
  { role: "user", params: conversationParams },
);
