import { withUser } from "@/lib/api/handler";
import { getSchema } from "@/lib/schemas/service";

export const GET = withUser<{ schemaId: string }>(async ({ params, caller }) => getSchema(caller.user, params.schemaId));
