import { withAgent } from "@/lib/api/handler";
import { endConversation } from "@/lib/conversations/service";
import { notFound } from "@/lib/errors";
import { conversationParams } from "@/lib/validations/conversation";

export const POST = withAgent(
  async ({ params }) => {
    // The agent ends after posting its last turn: grading may start at once.
    const conversation = await endConversation(params.conversationId, { byAgent: true });
    if (!conversation) throw notFound("Conversation not found", "conversation");
    return { conversation_id: conversation.id, status: conversation.status, ended_at: conversation.ended_at };
  },
  { params: conversationParams },
);
