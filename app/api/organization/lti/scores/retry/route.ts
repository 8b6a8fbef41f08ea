import { body, withUser } from "@/lib/api/handler";
import { retryFailedScores } from "@/lib/lti/courses";
import { scoreRetrySchema } from "@/lib/validations/lti-services";

/** Failed scores go back in the queue with a fresh set of attempts (admins). */
export const POST = withUser(
  async ({ req, caller }) => retryFailedScores(caller.user, (await body(req, scoreRetrySchema)).course_id),
  { role: "admin" },
);
