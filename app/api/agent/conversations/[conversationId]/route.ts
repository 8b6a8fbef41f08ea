import { parse, withPublic } from "@/lib/api/handler";
import { assertAgent } from "@/lib/conversations/agent-auth";
import { conversationForAgent } from "@/lib/conversations/service";
import { conversationParams } from "@/lib/validations/conversation";

export const GET = withPublic(async ({ req, params }) => {
  assertAgent(req);
  const { conversationId } = parse(conversationParams, params);
  return conversationForAgent(conversationId);
});
