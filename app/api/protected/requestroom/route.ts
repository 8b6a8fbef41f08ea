import { body, withUser } from "@/lib/api/handler";
import { requestRoom } from "@/lib/rooms/service";
import { requestRoomSchema } from "@/lib/validations/conversation";

export const POST = withUser(
  async ({ req, caller }) => {
    const { schema_id } = await body(req, requestRoomSchema);
    return requestRoom(caller.user, schema_id);
  },
  { role: "user" },
);
