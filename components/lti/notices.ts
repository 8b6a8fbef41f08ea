/** What a launch page tells an instructor before they carry on (lib/lti/launch.ts decides when). */
const LAUNCH_NOTICES: Record<string, string> = {
  instructor_not_admin:
    "You teach this course, but in Parley you are a member of the organization, not an admin: its admins have not let LMS instructors manage it. You can practise and see your own results. To review your learners, ask a Parley admin to allow instructors on the organization's LMS (LTI) page, or to make you an admin.",
  instructor_needs_admin_for_deep_linking:
    "Only admins of the Parley organization can add Parley activities to a course. Ask a Parley admin to allow LMS instructors on the organization's LMS (LTI) page, or to make you an admin.",
};

export const noticeTexts = (raw: string | undefined) =>
  (raw ?? "")
    .split(",")
    .map((n) => LAUNCH_NOTICES[n])
    .filter(Boolean);
