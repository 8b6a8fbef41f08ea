import { withUser } from "@/lib/api/handler";
import { personaFromCall } from "@/lib/real-calls/persona";
import { conversationParams } from "@/lib/validations/conversation";

/** "Make a practice persona from this call": an inactive roleplay draft from the buyer's side (admins). */
export const POST = withUser(
  async ({ params, caller }) =>
    Response.json(await personaFromCall(caller.user, params.conversationId), { status: 201 }),
  { role: "reviewer", params: conversationParams },
);
