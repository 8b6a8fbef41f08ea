import "server-only";

import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { conversations, conversationTurns, criterionReviews, gradeReviews, turnComments, users } from "@/db/schema";

const nameOf = (col: typeof users.name, email: typeof users.email) =>
  sql<string | null>`coalesce(nullif(${col}, ''), ${email})`;

/** The id of turn `seq` of a conversation (null when it has no such turn). */
export async function findTurnId(db: Executor, input: { conversationId: string; seq: number }) {
  const [row] = await db
    .select({ id: conversationTurns.id })
    .from(conversationTurns)
    .where(and(eq(conversationTurns.conversation_id, input.conversationId), eq(conversationTurns.seq, input.seq)))
    .limit(1);
  return row?.id ?? null;
}

export async function insertComment(
  db: Executor,
  input: { conversationId: string; turnId: string; authorId: string; body: string },
) {
  const [row] = await db
    .insert(turnComments)
    .values({
      conversation_id: input.conversationId,
      turn_id: input.turnId,
      author_id: input.authorId,
      body: input.body,
    })
    .returning({ id: turnComments.id });
  return row.id;
}

/** Every comment of a conversation in transcript order, with its turn and author. */
export async function selectComments(db: Executor, conversationId: string) {
  return db
    .select({
      id: turnComments.id,
      turn_seq: conversationTurns.seq,
      turn_source: conversationTurns.source,
      turn_started_at: conversationTurns.started_at,
      call_started_at: conversations.started_at,
      body: turnComments.body,
      author_id: turnComments.author_id,
      author: nameOf(users.name, users.email),
      seen_at: turnComments.seen_at,
      created_at: turnComments.created_at,
      updated_at: turnComments.updated_at,
    })
    .from(turnComments)
    .innerJoin(conversationTurns, eq(conversationTurns.id, turnComments.turn_id))
    .innerJoin(conversations, eq(conversations.id, turnComments.conversation_id))
    .leftJoin(users, eq(users.id, turnComments.author_id))
    .where(eq(turnComments.conversation_id, conversationId))
    .orderBy(asc(conversationTurns.seq), asc(turnComments.created_at), asc(turnComments.id));
}

/** Changes a comment's text; scoped by its conversation, so an id from another call changes nothing. */
export async function updateCommentBody(
  db: Executor,
  input: { conversationId: string; commentId: string; body: string },
) {
  const rows = await db
    .update(turnComments)
    .set({ body: input.body, updated_at: sql`now()`, seen_at: null })
    .where(and(eq(turnComments.id, input.commentId), eq(turnComments.conversation_id, input.conversationId)))
    .returning({ id: turnComments.id });
  return rows.length > 0;
}

export async function deleteComment(db: Executor, input: { conversationId: string; commentId: string }) {
  const rows = await db
    .delete(turnComments)
    .where(and(eq(turnComments.id, input.commentId), eq(turnComments.conversation_id, input.conversationId)))
    .returning({ id: turnComments.id });
  return rows.length > 0;
}

/** The name of a call's learner (their email when they have none). */
export async function findLearnerName(db: Executor, conversationId: string) {
  const [row] = await db
    .select({ name: nameOf(users.name, users.email) })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.user_id))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.name ?? null;
}

/** The learner opened the grade: every comment on it is seen from now. */
export async function markCommentsSeen(db: Executor, conversationId: string) {
  await db
    .update(turnComments)
    .set({ seen_at: sql`now()` })
    .where(and(eq(turnComments.conversation_id, conversationId), isNull(turnComments.seen_at)));
}

/** A conversation's criterion reviews, oldest first (the newest per criterion is in force). */
export async function selectCriterionReviews(db: Executor, conversationId: string) {
  return db
    .select({
      id: criterionReviews.id,
      criterion_id: criterionReviews.criterion_id,
      previous_score: criterionReviews.previous_score,
      score: criterionReviews.score,
      reason: criterionReviews.reason,
      reviewer_id: criterionReviews.reviewer_id,
      reviewer: nameOf(users.name, users.email),
      created_at: criterionReviews.created_at,
    })
    .from(criterionReviews)
    .leftJoin(users, eq(users.id, criterionReviews.reviewer_id))
    .where(eq(criterionReviews.conversation_id, conversationId))
    .orderBy(asc(criterionReviews.created_at), asc(criterionReviews.id));
}

export async function insertCriterionReview(
  db: Executor,
  input: {
    conversationId: string;
    criterionId: string;
    previousScore: number | null;
    score: number | null;
    reason: string;
    reviewerId: string;
  },
) {
  await db.insert(criterionReviews).values({
    conversation_id: input.conversationId,
    criterion_id: input.criterionId,
    previous_score: input.previousScore,
    score: input.score,
    reason: input.reason,
    reviewer_id: input.reviewerId,
    // Strictly after the last row of the call, so "newest" never ties inside one transaction.
    created_at: sql`greatest(now(), coalesce((select max(${criterionReviews.created_at}) from ${criterionReviews} where ${criterionReviews.conversation_id} = ${input.conversationId}) + interval '1 millisecond', now()))`,
  });
}

/** Locks the whole-grade review row of a call (if any) so two reviewers' changes apply one after the other. */
export async function lockReview(db: Executor, conversationId: string) {
  const [row] = await db
    .select({ score: gradeReviews.score, comment: gradeReviews.comment })
    .from(gradeReviews)
    .where(eq(gradeReviews.conversation_id, conversationId))
    .for("update")
    .limit(1);
  return row ?? null;
}

/**
 * Writes the reviewed score that counts everywhere (dashboard, statistics, export: they all read
 * grade_reviews.score). A call reviewed only criterion by criterion gets a row without a comment; a row
 * left with neither a comment nor a score is removed.
 */
export async function setReviewedScore(
  db: Executor,
  input: { conversationId: string; reviewerId: string | null; score: number | null },
) {
  await db
    .insert(gradeReviews)
    .values({ conversation_id: input.conversationId, reviewer_id: input.reviewerId, score: input.score, comment: "" })
    .onConflictDoUpdate({
      target: gradeReviews.conversation_id,
      set: { score: input.score, updated_at: sql`now()` },
    });
  await db
    .delete(gradeReviews)
    .where(
      and(
        eq(gradeReviews.conversation_id, input.conversationId),
        isNull(gradeReviews.score),
        eq(gradeReviews.comment, ""),
      ),
    );
}

/**
 * Two columns of the gradebook export (selectGradeExport, whose conversation is `c` and grade `g`):
 * the comments joined with their turn numbers (1-based, as the grade page shows them), and the criterion
 * overrides in force with the automatic score, the new one and the reason.
 */
export const exportCoachingColumns = sql`
  (select string_agg('turn ' || (t.seq + 1) || ': ' || tc.body, ' | ' order by t.seq, tc.created_at)
   from turn_comments tc join conversation_turns t on t.id = tc.turn_id
   where tc.conversation_id = c.id) as turn_comments,
  (select string_agg(coalesce(e.label, x.criterion_id) || ': ' || coalesce(e.score, 'no score') || ' -> ' || x.score
                     || ' (' || x.reason || ')', ' | ' order by x.criterion_id)
   from (select distinct on (cr.criterion_id) cr.criterion_id, cr.score, cr.reason from criterion_reviews cr
         where cr.conversation_id = c.id and cr.criterion_id <> '@overall'
         order by cr.criterion_id, cr.created_at desc, cr.id desc) x
   left join lateral (select j ->> 'label' as label, j ->> 'score' as score
                      from jsonb_array_elements(g.scorecard -> 'criteria') j where j ->> 'id' = x.criterion_id limit 1) e on true
   where x.score is not null) as criterion_overrides`;

/** Unread comments on one conversation, for the dashboard list. */
export const unreadCommentsColumn = (conversationId: unknown) =>
  sql<number>`(select count(*)::int from ${turnComments} tc where tc.conversation_id = ${conversationId} and tc.seen_at is null)`;
