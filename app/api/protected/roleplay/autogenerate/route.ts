import { body, withUser } from "@/lib/api/handler";
import { autogenerateSchema } from "@/lib/schemas/autogenerate";
import { autogeneratePayloadSchema } from "@/lib/validations/schema";

// raw_text may hold 20,000 characters of any script: allow for multi-byte UTF-8.
const MAX_BYTES = 256 * 1024;

export const POST = withUser(async ({ req, caller }) =>
  Response.json(await autogenerateSchema(caller.user, await body(req, autogeneratePayloadSchema, MAX_BYTES)), { status: 201 }),
);
