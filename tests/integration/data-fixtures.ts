import { getDb } from "@/db";
import { conversations, conversationTurns, gradeReviews, grades, turnComments } from "@/db/schema";

export const persona = {
  name: "Pat Buyer",
  role: "Buyer",
  situation: "Evaluating vendors",
  background: "Ten years in procurement",
  pain_points: ["Slow approvals"],
  goals: ["Cut costs"],
};

const feedback = {
  overall_feedback: "Good discovery.",
  spin_score: 60,
  spin_feedback: "ok",
  stage_scores: { situation: 0, problem: 60, implication: 0, "need-payoff": 0 },
  communication_score: 70,
  communication_feedback: "ok",
  strengths: [],
  areas_for_improvement: [],
  recommendations: [],
};

/**
 * A call of `userId` in `orgId` that ended `endedDaysAgo` days ago, with two turns, and a grade in the
 * given status (graded 72 unless said otherwise). `active` calls have no end.
 */
export async function makeCall(
  userId: string,
  orgId: string | null,
  opts: {
    endedDaysAgo: number;
    status?: "ended" | "abandoned" | "active";
    grade?: "graded" | "pending" | "failed" | null;
    learnerSays?: string;
  },
) {
  const db = await getDb();
  const ended = new Date(Date.now() - opts.endedDaysAgo * 86_400_000);
  const status = opts.status ?? "ended";
  const [c] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_name: "Discovery call",
      persona,
      mode: "local",
      status,
      started_at: new Date(ended.getTime() - 10 * 60_000),
      ended_at: status === "active" ? null : ended,
    })
    .returning();
  const turns = await db
    .insert(conversationTurns)
    .values([
      {
        conversation_id: c.id,
        seq: 0,
        speaker: "learner",
        text: opts.learnerSays ?? "What slows your approvals down?",
      },
      { conversation_id: c.id, seq: 1, speaker: "persona", text: "Three sign-offs." },
    ])
    .returning();
  const gradeStatus = opts.grade === undefined ? "graded" : opts.grade;
  if (gradeStatus) {
    await db.insert(grades).values({
      conversation_id: c.id,
      status: gradeStatus,
      score: gradeStatus === "graded" ? 72 : null,
      feedback: gradeStatus === "graded" ? feedback : null,
      stages_covered: ["problem"],
      topics_covered: [],
      grader: gradeStatus === "graded" ? "rubric" : null,
      error: gradeStatus === "failed" ? "model unavailable" : null,
      graded_at: gradeStatus === "graded" ? ended : null,
    });
  }
  return { ...c, turnIds: turns.map((t) => t.id) };
}

export async function addReview(conversationId: string, reviewerId: string, comment = "Ask about budget next time") {
  const db = await getDb();
  await db
    .insert(gradeReviews)
    .values({ conversation_id: conversationId, reviewer_id: reviewerId, score: 80, comment });
}

export async function addTurnComment(conversationId: string, turnId: string, authorId: string, body = "Good question") {
  const db = await getDb();
  const [row] = await db
    .insert(turnComments)
    .values({ conversation_id: conversationId, turn_id: turnId, author_id: authorId, body })
    .returning();
  return row;
}
