import { parse, withUser } from "@/lib/api/handler";
import { getOwnedConversation } from "@/lib/conversations/service";
import { conversationParams } from "@/lib/validations/conversation";

export const GET = withUser(async ({ params, caller }) => {
  const { conversationId } = parse(conversationParams, params);
  return getOwnedConversation(caller.user, conversationId);
});
