import "server-only";

import { getDb } from "@/db";
import type { SessionUser } from "@/lib/auth/service";
import type { GradeResponse } from "@/lib/grading/response";

import { commentsForViewer, type TurnCommentView } from "./comments";
import { criterionReviewsOf, type CriterionReviewView } from "./criteria";

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
  const [comments, criteria] = await Promise.all([
    commentsForViewer(viewer, conversation),
    criterionReviewsOf(await getDb(), conversation.id, grade.scorecard?.criteria ?? []),
  ]);
  return { comments, criteria };
}
