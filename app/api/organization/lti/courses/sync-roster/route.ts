import { body, withUser } from "@/lib/api/handler";
import { syncCourseRoster } from "@/lib/lti/courses";
import { rosterSyncSchema } from "@/lib/validations/lti-services";

/** Reads the course's roster from the LMS now (NRPS) and brings its group in step (admins). */
export const POST = withUser(
  async ({ req, caller }) => syncCourseRoster(caller.user, (await body(req, rosterSyncSchema)).course_id),
  { role: "admin" },
);
