import "server-only";

import { getDb } from "@/db";
import { findLearnerName, markCommentsSeen } from "@/db/queries/coaching";
import type { SessionUser } from "@/lib/auth/service";
import type { GradeResponse } from "@/lib/grading/response";

import type { TurnCommentView } from "./comments";
import type { CriterionReviewView } from "./criteria";

/** `learner`: the call's learner by name, for everyone but the learner (who reads "You"). */
export type CoachingView = { comments: TurnCommentView[]; criteria: CriterionReviewView[]; learner: string | null };

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
  const db = await getDb();
  const own = viewer.id === conversation.user_id;
  // The call's own learner has now seen them (the dashboard's marker clears); an admin or developer has not.
  if (own && comments.some((c) => c.seen_at === null)) await markCommentsSeen(db, conversation.id);
  return {
    comments,
    criteria: grade.criterion_reviews ?? [],
    learner: own ? null : await findLearnerName(db, conversation.id),
  };
}
