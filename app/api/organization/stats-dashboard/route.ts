import { parse, withUser } from "@/lib/api/handler";
import { getOrganizationStats } from "@/lib/organizations/stats";
import { statsQuerySchema } from "@/lib/validations/organization";

export const GET = withUser(async ({ req, caller }) => {
  const query = parse(statsQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return getOrganizationStats(caller.user, { includeEmptyGroups: query.include_empty_groups });
});
