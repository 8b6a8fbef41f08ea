import { withUser } from "@/lib/api/handler";
import { getOwnHint } from "@/lib/conversations/hints";
import { conversationParams } from "@/lib/validations/conversation";

/** A voice call's live hint: read from the transcript the agent has posted so far; stores nothing. */
export const GET = withUser(async ({ params, caller }) => getOwnHint(caller.user, params.conversationId), {
  role: "user",
  params: conversationParams,
});
