import { withAgent } from "@/lib/api/handler";
import { conversationForAgent } from "@/lib/conversations/service";
import { conversationParams } from "@/lib/validations/conversation";

export const GET = withAgent(async ({ params }) => conversationForAgent(params.conversationId), {
  params: conversationParams,
});
