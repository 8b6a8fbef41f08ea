import { withUser } from "@/lib/api/handler";
import { conflict, notFound } from "@/lib/errors";
import { getGradeView } from "@/lib/grading/service";
import { conversationParams } from "@/lib/validations/conversation";

/**
 * 200 with the grade; 202 {status:"pending"} while grading; 200 {status:"failed", error} when
 * grading gave up (POST .../retry queues it again); 409 while the conversation is still going.
 */
export const GET = withUser(
  async ({ caller, params }) => {
    const view = await getGradeView(caller.user, params.conversationId);
    const id = view.conversation.id;
    switch (view.state) {
      case "in_progress":
        throw conflict("The conversation is still in progress");
      case "missing":
        throw notFound("No grade data found for this conversation.");
      case "pending":
        return Response.json({ status: "pending", conversation_id: id, attempts: view.attempts }, { status: 202 });
      case "failed":
        return { status: "failed", conversation_id: id, error: view.error, attempts: view.attempts };
      case "graded":
        return view.grade;
    }
  },
  { role: "user", params: conversationParams },
);
