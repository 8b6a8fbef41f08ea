import { withUser } from "@/lib/api/handler";
import { retryGrading } from "@/lib/grading/service";
import { conversationParams } from "@/lib/validations/conversation";

export const POST = withUser(
  async ({ caller, params }) => Response.json(await retryGrading(caller.user, params.conversationId), { status: 202 }),
  { role: "user", params: conversationParams },
);
