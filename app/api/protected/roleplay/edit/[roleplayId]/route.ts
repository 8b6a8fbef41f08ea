import { body, parse, withUser } from "@/lib/api/handler";
import { deleteRoleplay, updateRoleplay } from "@/lib/roleplays/service";
import { deleteQuerySchema, roleplayParams, roleplayPayloadSchema } from "@/lib/validations/roleplay";

export const PUT = withUser(
  async ({ req, params, caller }) =>
    updateRoleplay(caller.user, params.roleplayId, await body(req, roleplayPayloadSchema)),
  { role: "admin", params: roleplayParams },
);

export const DELETE = withUser(
  async ({ req, params, caller }) => {
    const query = parse(deleteQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return deleteRoleplay(caller.user, params.roleplayId, { soft: query.soft_delete });
  },
  { role: "admin", params: roleplayParams },
);
