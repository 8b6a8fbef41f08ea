import { body, withUser } from "@/lib/api/handler";
import { addUserToOrganization } from "@/lib/dev/organizations";
import { addUserSchema } from "@/lib/validations/organization";

export const POST = withUser(
  async ({ req, caller }) => addUserToOrganization(await body(req, addUserSchema), caller.user.id),
  { role: "developer" },
);
