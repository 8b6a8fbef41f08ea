import { body, withUser } from "@/lib/api/handler";
import { createRoleplay } from "@/lib/roleplays/service";
import { roleplayPayloadSchema } from "@/lib/validations/roleplay";

export const POST = withUser(
  async ({ req, caller }) =>
    Response.json(await createRoleplay(caller.user, await body(req, roleplayPayloadSchema)), { status: 201 }),
  { role: "admin" },
);
