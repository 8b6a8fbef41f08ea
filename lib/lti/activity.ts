import "server-only";

import { getDb } from "@/db";
import { findLinkForMember } from "@/db/queries/lti-launch";
import { learnerAssignments } from "@/lib/organizations/assignments";
import { isUuid } from "@/lib/validations/common";

/** A course link as the signed-in user sees it; null when unknown or in an organisation they are not in. */
export async function courseActivity(userId: string, linkId: string) {
  if (!isUuid(linkId)) return null;
  const link = await findLinkForMember(await getDb(), { linkId: linkId.toLowerCase(), userId });
  if (!link) return null;
  const mine = link.assignment_id
    ? (await learnerAssignments(userId, link.organization_id)).find((a) => a.id === link.assignment_id)
    : undefined;
  return {
    course: link.course_title,
    organization: link.organization_name,
    roleplay:
      link.roleplay_id && !link.roleplay_deleted
        ? { id: link.roleplay_id, name: link.roleplay_name ?? "", description: link.roleplay_description ?? "" }
        : null,
    assignment: link.assignment_id
      ? {
          dueAt: link.due_at!.toISOString(),
          passMark: link.pass_mark!,
          minAttempts: link.min_attempts!,
          attempts: mine?.attempts ?? 0,
          bestScore: mine?.best_score ?? null,
        }
      : null,
  };
}
export type CourseActivity = NonNullable<Awaited<ReturnType<typeof courseActivity>>>;
