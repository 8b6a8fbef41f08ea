import { parse, withUser } from "@/lib/api/handler";
import { getOrganizationStatsBody } from "@/lib/organizations/stats";
import { statsQuerySchema } from "@/lib/validations/organization";

export const GET = withUser(
  async ({ req, caller }) => {
    const query = parse(statsQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    // Serialised and encoded once per version of the organisation's statistics: sent as it is.
    const body = await getOrganizationStatsBody(caller.user, { includeEmptyGroups: query.include_empty_groups });
    return new Response(body, { headers: { "content-type": "application/json" } });
  },
  { role: "admin" },
);
