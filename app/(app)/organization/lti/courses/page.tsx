import type { Metadata } from "next";

import { LmsCourses } from "@/components/lti/courses/lms-courses";
import { NotAllowed } from "@/components/organization/not-allowed";
import { requirePageUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { listCourses, listScoreSends } from "@/lib/lti/courses";

export const metadata: Metadata = { title: "LMS courses and grades" };

async function load(user: SessionUser) {
  try {
    const [courses, scores] = await Promise.all([listCourses(user), listScoreSends(user)]);
    return { courses, scores };
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return err.status;
    throw err;
  }
}

/** The organisation's LMS courses (roster sync) and the scores on their way to the gradebooks (admins). */
export default async function LmsCoursesPage() {
  const user = await requirePageUser();
  const data = await load(user);
  if (data === 404)
    return (
      <NotAllowed
        title="Join an organization first"
        message="LMS courses belong to an organization. Join one, then come back."
      />
    );
  if (data === 403)
    return <NotAllowed title="You can't open this page" message="Only organization admins can manage LMS courses." />;
  return <LmsCourses initialCourses={data.courses} initialScores={data.scores} />;
}
