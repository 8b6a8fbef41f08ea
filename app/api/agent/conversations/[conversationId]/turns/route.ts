import { body, withAgent } from "@/lib/api/handler";
import { recordAgentTurn } from "@/lib/conversations/service";
import { agentTurnSchema, conversationParams } from "@/lib/validations/conversation";

export const POST = withAgent(
  async ({ req, params }) => recordAgentTurn(params.conversationId, await body(req, agentTurnSchema, 16 * 1024)),
  { params: conversationParams },
);
