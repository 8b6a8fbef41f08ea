import { withUser } from "@/lib/api/handler";
import { listGroups } from "@/lib/roleplays/service";

export const GET = withUser(
  async ({ req, caller }) =>
    Response.json(await listGroups(caller.user, req.nextUrl.searchParams.get("organization_id") ?? undefined)),
  { role: "user" },
);
