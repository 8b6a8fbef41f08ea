import { body, withUser } from "@/lib/api/handler";
import { createSchema } from "@/lib/schemas/service";
import { schemaPayloadSchema } from "@/lib/validations/schema";

export const POST = withUser(async ({ req, caller }) =>
  Response.json(await createSchema(caller.user, await body(req, schemaPayloadSchema)), { status: 201 }),
);
