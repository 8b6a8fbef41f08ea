import { withUser } from "@/lib/api/handler";
import { endOwnedConversation } from "@/lib/conversations/service";
import { conversationParams } from "@/lib/validations/conversation";

export const POST = withUser(async ({ params, caller }) => endOwnedConversation(caller.user, params.conversationId), {
  role: "user",
  params: conversationParams,
});
