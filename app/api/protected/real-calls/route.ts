import { body, withUser } from "@/lib/api/handler";
import { createRealCall } from "@/lib/real-calls/service";
import { MAX_REQUEST_BYTES, realCallCreateSchema } from "@/lib/validations/real-calls";

/** Grades an uploaded real call: the transcript, which speaker is the learner, the roleplay's scorecard. */
export const POST = withUser(
  async ({ req, caller }) => {
    const input = await body(req, realCallCreateSchema, MAX_REQUEST_BYTES);
    return Response.json(await createRealCall(caller.user, input), { status: 201 });
  },
  { role: "user" },
);
