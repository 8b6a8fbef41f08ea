import { parse, withUser } from "@/lib/api/handler";
import { getOrganizationStatsJson } from "@/lib/organizations/stats";
import { statsQuerySchema } from "@/lib/validations/organization";

export const GET = withUser(async ({ req, caller }) => {
  const query = parse(statsQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  // Already serialised (and cached per version of the organisation's statistics): sent as it is.
  const json = await getOrganizationStatsJson(caller.user, { includeEmptyGroups: query.include_empty_groups });
  return new Response(json, { headers: { "content-type": "application/json" } });
});
