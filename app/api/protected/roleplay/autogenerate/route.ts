import { body, withUser } from "@/lib/api/handler";
import { autogenerateRoleplay } from "@/lib/roleplays/autogenerate";
import { autogeneratePayloadSchema } from "@/lib/validations/roleplay";

// raw_text may hold 20,000 characters of any script: allow for multi-byte UTF-8.
const MAX_BYTES = 256 * 1024;

/** 201 with the new roleplay; 200 with the same roleplay (same id) when `schema_id` regenerates an existing one. */
export const POST = withUser(
  async ({ req, caller }) => {
    const input = await body(req, autogeneratePayloadSchema, MAX_BYTES);
    return Response.json(await autogenerateRoleplay(caller.user, input), { status: input.schema_id ? 200 : 201 });
  },
  { role: "developer", action: "auto-generate schemas" },
);
