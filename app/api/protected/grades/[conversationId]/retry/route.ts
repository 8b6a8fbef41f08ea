import { withUser } from "@/lib/api/handler";
import { retryGrading } from "@/lib/grading/service";

export const POST = withUser<{ conversationId: string }>(async ({ caller, params }) =>
  Response.json(await retryGrading(caller.user, params.conversationId), { status: 202 }),
);
