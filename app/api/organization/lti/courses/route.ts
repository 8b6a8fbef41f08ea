import { withUser } from "@/lib/api/handler";
import { listCourses } from "@/lib/lti/courses";

/** The organisation's LMS courses: roster and grade passback at a glance (admins). */
export const GET = withUser(async ({ caller }) => listCourses(caller.user), { role: "admin" });
