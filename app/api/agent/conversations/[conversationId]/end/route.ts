import { parse, withPublic } from "@/lib/api/handler";
import { assertAgent } from "@/lib/conversations/agent-auth";
import { endConversation } from "@/lib/conversations/service";
import { notFound } from "@/lib/errors";
import { conversationParams } from "@/lib/validations/conversation";

export const POST = withPublic(async ({ req, params }) => {
  assertAgent(req);
  const { conversationId } = parse(conversationParams, params);
  // The agent ends after posting its last turn: grading may start at once.
  const conversation = await endConversation(conversationId, { byAgent: true });
  if (!conversation) throw notFound("Conversation not found");
  return { conversation_id: conversation.id, status: conversation.status, ended_at: conversation.ended_at };
});
