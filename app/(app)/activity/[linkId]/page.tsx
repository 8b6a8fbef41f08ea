import type { Metadata } from "next";

import { CourseActivityCard } from "@/components/lti/course-activity";
import { NotAllowed } from "@/components/organization/not-allowed";
import { requirePageUser } from "@/lib/auth/page";
import { courseActivity } from "@/lib/lti/activity";

export const metadata: Metadata = { title: "Course activity" };

/** Where a launch of a course link lands: the roleplay the instructor picked, its due date and pass mark. */
export default async function CourseActivityPage({ params }: { params: Promise<{ linkId: string }> }) {
  const user = await requirePageUser();
  const activity = await courseActivity(user.id, (await params).linkId);
  if (!activity)
    return (
      <NotAllowed
        title="Activity not found"
        message="This course activity is not in any of your organizations. Open it from your course again."
      />
    );
  return <CourseActivityCard activity={activity} />;
}
