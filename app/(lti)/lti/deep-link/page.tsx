import type { Metadata } from "next";

import { DeepLinkPicker } from "@/components/lti/deep-link-picker";
import { LaunchProblem } from "@/components/lti/launch-problem";
import { noticeTexts } from "@/components/lti/notices";
import { AppError } from "@/lib/errors";
import { deepLinkPicker } from "@/lib/lti/deep-linking";

export const metadata: Metadata = { title: "Add a Parley activity" };
export const dynamic = "force-dynamic";

async function load(context: string) {
  try {
    return await deepLinkPicker(context);
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

/** Deep linking (inside the LMS): the instructor picks a roleplay, a due date and a pass mark. */
export default async function DeepLinkPage({
  searchParams,
}: {
  searchParams: Promise<{ c?: string; notice?: string }>;
}) {
  const query = await searchParams;
  const picker = await load(query.c ?? "");
  if (typeof picker === "string") return <LaunchProblem title="This picker cannot be used" message={picker} />;
  if (!picker.allowed)
    return (
      <LaunchProblem
        title="Only Parley admins can add activities"
        message={noticeTexts("instructor_needs_admin_for_deep_linking")[0]}
      />
    );
  return <DeepLinkPicker context={query.c!} course={picker.course} roleplays={picker.roleplays} />;
}
