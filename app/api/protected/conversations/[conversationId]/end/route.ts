import { parse, withUser } from "@/lib/api/handler";
import { endOwnedConversation } from "@/lib/conversations/service";
import { conversationParams } from "@/lib/validations/conversation";

export const POST = withUser(async ({ params, caller }) => {
  const { conversationId } = parse(conversationParams, params);
  return endOwnedConversation(caller.user, conversationId);
});
