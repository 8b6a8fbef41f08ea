import { body, parse, withUser } from "@/lib/api/handler";
import { addLearnerMessage } from "@/lib/conversations/service";
import { conversationParams, learnerMessageSchema } from "@/lib/validations/conversation";

export const POST = withUser(async ({ req, params, caller }) => {
  const { conversationId } = parse(conversationParams, params);
  const { text } = await body(req, learnerMessageSchema, 16 * 1024);
  return addLearnerMessage(caller.user, conversationId, text);
});
