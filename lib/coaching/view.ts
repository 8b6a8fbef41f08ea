import "server-only";

import { getDb } from "@/db";
import { markCommentsSeen } from "@/db/queries/coaching";
import type { SessionUser } from "@/lib/auth/service";
import type { GradeResponse } from "@/lib/grading/response";

import type { TurnCommentView } from "./comments";
import type { CriterionReviewView } from "./criteria";

export type CoachingView = { comments: TurnCommentView[]; criteria: CriterionReviewView[] };

/**
 * What the grade page shows of the instructors' coaching: comments in place on the transcript, and each
 * overridden criterion with its automatic score, the change and why. The caller already may read the grade.
 */
export async function coachingView(
  viewer: SessionUser,
  conversation: { id: string; user_id: string },
  grade: GradeResponse,
): Promise<CoachingView> {
  const comments = grade.comments ?? [];
  // The call's own learner has now seen them (the dashboard's marker clears); an admin or developer has not.
  if (viewer.id === conversation.user_id && comments.some((c) => c.seen_at === null)) {
    await markCommentsSeen(await getDb(), conversation.id);
  }
  return { comments, criteria: grade.criterion_reviews ?? [] };
}
