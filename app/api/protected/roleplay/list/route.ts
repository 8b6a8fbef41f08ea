import { withUser } from "@/lib/api/handler";
import { listVisibleRoleplays } from "@/lib/roleplays/service";

export const GET = withUser(
  async ({ req, caller }) =>
    Response.json(
      await listVisibleRoleplays(caller.user, { returnAll: req.nextUrl.searchParams.get("return_all") === "true" }),
    ),
  { role: "user" },
);
