import { withUser } from "@/lib/api/handler";
import { listVisibleSchemas } from "@/lib/schemas/service";

export const GET = withUser(async ({ req, caller }) =>
  Response.json(await listVisibleSchemas(caller.user, { returnAll: req.nextUrl.searchParams.get("return_all") === "true" })),
);
