import { withUser } from "@/lib/api/handler";
import { getOwnedConversation } from "@/lib/conversations/service";
import { conversationParams } from "@/lib/validations/conversation";

export const GET = withUser(async ({ params, caller }) => getOwnedConversation(caller.user, params.conversationId), {
  role: "user",
  params: conversationParams,
});
