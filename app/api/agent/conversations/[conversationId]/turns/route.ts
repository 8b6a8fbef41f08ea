import { body, parse, withPublic } from "@/lib/api/handler";
import { assertAgent } from "@/lib/conversations/agent-auth";
import { recordAgentTurn } from "@/lib/conversations/service";
import { agentTurnSchema, conversationParams } from "@/lib/validations/conversation";

export const POST = withPublic(async ({ req, params }) => {
  assertAgent(req);
  const { conversationId } = parse(conversationParams, params);
  return recordAgentTurn(conversationId, await body(req, agentTurnSchema, 16 * 1024));
});
