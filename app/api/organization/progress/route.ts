import { parse, withUser } from "@/lib/api/handler";
import { getOrganizationProgress } from "@/lib/progress/service";
import { progressQuerySchema } from "@/lib/validations/progress";

/** ?user_id=: one member's progress by skill; ?group_id=: one group's; neither: the organisation's learners. */
export const GET = withUser(
  async ({ req, caller }) =>
    getOrganizationProgress(caller.user, parse(progressQuerySchema, Object.fromEntries(req.nextUrl.searchParams))),
  { role: "admin" },
);
