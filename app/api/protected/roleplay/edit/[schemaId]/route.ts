import { body, parse, withUser } from "@/lib/api/handler";
import { deleteSchema, updateSchema } from "@/lib/schemas/service";
import { deleteQuerySchema, schemaPayloadSchema } from "@/lib/validations/schema";

type Params = { schemaId: string };

export const PUT = withUser<Params>(async ({ req, params, caller }) =>
  updateSchema(caller.user, params.schemaId, await body(req, schemaPayloadSchema)),
);

export const DELETE = withUser<Params>(async ({ req, params, caller }) => {
  const query = parse(deleteQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return deleteSchema(caller.user, params.schemaId, { soft: query.soft_delete === "true" });
});
