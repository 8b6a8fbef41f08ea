import { withUser } from "@/lib/api/handler";
import { rejoinRoom } from "@/lib/rooms/service";
import { conversationParams } from "@/lib/validations/conversation";

/** Re-opens an active call: a new room answer for the same conversation; no credit is spent. */
export const POST = withUser(async ({ params, caller }) => rejoinRoom(caller.user, params.conversationId), {
  role: "user",
  params: conversationParams,
});
