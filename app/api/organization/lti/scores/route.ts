import { parse, withUser } from "@/lib/api/handler";
import { listScoreSends } from "@/lib/lti/courses";
import { scoreSendsQuery } from "@/lib/validations/lti-services";

/** Scores on their way to the LMS gradebooks, newest first; `?status=failed` for those that need a look (admins). */
export const GET = withUser(
  async ({ req, caller }) =>
    listScoreSends(caller.user, parse(scoreSendsQuery, Object.fromEntries(req.nextUrl.searchParams)).status),
  { role: "admin" },
);
