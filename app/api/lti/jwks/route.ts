import { withPublic } from "@/lib/api/handler";
import { publicJwks } from "@/lib/lti/keys";

export const dynamic = "force-dynamic";

/** The tool's public keys (active and recently retired): platforms verify our client assertions with them. */
export const GET = withPublic(async () =>
  Response.json(await publicJwks(), { headers: { "Cache-Control": "public, max-age=300" } }),
);
