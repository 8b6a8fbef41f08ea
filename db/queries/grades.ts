import "server-only";

import { and, asc, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { conversationTurns, gradeCache, grades } from "@/db/schema";
import type { GradeState, StoredFeedback, StoredMetrics, StoredScorecardResult } from "@/db/schema/grade-shape";
import type { Measure, Scenario } from "@/lib/validations/scorecard";

/** What a grader hands over to store (lib/grading's GradeResult is one). */
export type GradeToStore = {
  state: GradeState;
  scenario: Scenario;
  scorecard: StoredScorecardResult<Measure>;
  score: number;
  wpm: number | null;
  stages_covered: string[];
  topics_covered: string[];
  feedback: StoredFeedback;
  metrics: StoredMetrics;
  grader: "ai" | "rubric";
  model: string | null;
  offline_reason?: string;
};

/** An attempt's hold on a grade: its lease's end exactly as stored, and the transcript version it read. */
export type GradeClaim = { conversation_id: string; lease: string; version: number };

/**
 * Leases the next due pending grade (one statement, safe with several workers: skip locked)
 * and counts the attempt. Returns null when nothing is due. `lease` is the lease's end exactly as
 * stored (text, to the microsecond) and `version` the transcript's: the attempt may write its
 * result only while both are unchanged.
 */
export async function claimPendingGrade(db: Executor, leaseMs: number) {
  const due = sql`(select g.conversation_id from ${grades} g
    where g.status = 'pending' and g.next_attempt_at <= now() and (g.locked_until is null or g.locked_until < now())
    order by g.next_attempt_at limit 1 for update skip locked)`;
  const [row] = await db
    .update(grades)
    .set({
      locked_until: sql`now() + ${leaseMs}::int * interval '1 millisecond'`,
      attempts: sql`${grades.attempts} + 1`,
    })
    .where(eq(grades.conversation_id, due))
    .returning({
      conversation_id: grades.conversation_id,
      attempts: grades.attempts,
      lease: sql<string>`${grades.locked_until}::text`,
      version: grades.version,
    });
  return row ?? null;
}

export async function findTurns(db: Executor, conversationId: string) {
  return db
    .select({
      seq: conversationTurns.seq,
      speaker: conversationTurns.speaker,
      text: conversationTurns.text,
      source: conversationTurns.source,
      started_at: conversationTurns.started_at,
      ended_at: conversationTurns.ended_at,
    })
    .from(conversationTurns)
    .where(eq(conversationTurns.conversation_id, conversationId))
    .orderBy(asc(conversationTurns.seq));
}

export async function findGrade(db: Executor, conversationId: string) {
  const [row] = await db.select().from(grades).where(eq(grades.conversation_id, conversationId)).limit(1);
  return row ?? null;
}

/**
 * The attempt still holds its lease and read the current transcript: a late turn bumps the version
 * and takes the lease back (see regradeAfterLateTurn).
 */
const holds = (claim: GradeClaim) =>
  and(
    eq(grades.conversation_id, claim.conversation_id),
    eq(grades.status, "pending"),
    sql`${grades.locked_until} = ${claim.lease}::timestamptz`,
    eq(grades.version, claim.version),
  );

/**
 * Writes the whole result at once, only while the attempt still holds its lease on a pending
 * grade. False when it does not: the transcript changed under it, and the grade is due again.
 * A call with too little to grade stores no score (the capped number stays in `scorecard`).
 */
export async function saveGradeResult(db: Executor, claim: GradeClaim, result: GradeToStore): Promise<boolean> {
  const rows = await db
    .update(grades)
    .set({
      status: "graded",
      state: result.state,
      score: result.state === "too_little" ? null : result.score,
      wpm: result.wpm,
      stages_covered: result.stages_covered,
      topics_covered: result.topics_covered,
      feedback: result.feedback,
      metrics: result.metrics,
      scorecard: { ...result.scorecard, scenario: result.scenario },
      grader: result.grader,
      model: result.model,
      // On a graded row: why the rubric graded although a model was asked (its answer was unusable).
      error: result.offline_reason ?? null,
      locked_until: null,
      graded_at: sql`now()`,
    })
    .where(holds(claim))
    .returning({ id: grades.conversation_id });
  return rows.length > 0;
}

/**
 * Records why an attempt failed: retried after `retryInMs`, or failed for good when null. An
 * attempt that lost its lease to a late turn records nothing: the grade is already due again.
 */
export async function recordGradeFailure(db: Executor, claim: GradeClaim, error: string, retryInMs: number | null) {
  await db
    .update(grades)
    .set(
      retryInMs === null
        ? { status: "failed", error, locked_until: null }
        : { error, locked_until: null, next_attempt_at: sql`now() + ${retryInMs}::int * interval '1 millisecond'` },
    )
    .where(holds(claim));
}

/** Puts a failed grade back in the queue with a fresh set of attempts. */
export async function requeueFailedGrade(db: Executor, conversationId: string): Promise<boolean> {
  const rows = await db
    .update(grades)
    .set({ status: "pending", attempts: 0, error: null, locked_until: null, next_attempt_at: sql`now()` })
    .where(and(eq(grades.conversation_id, conversationId), eq(grades.status, "failed")))
    .returning({ id: grades.conversation_id });
  return rows.length > 0;
}

/** When the earliest pending grade becomes due (to wake the worker then), or null. */
export async function nextPendingDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        string | Date | null
      >`min(greatest(${grades.next_attempt_at}, coalesce(${grades.locked_until}, ${grades.next_attempt_at})))`,
    })
    .from(grades)
    .where(eq(grades.status, "pending"));
  return row?.at ? new Date(row.at) : null;
}

export async function findCachedGrade(db: Executor, key: string) {
  const [row] = await db.select({ answer: gradeCache.answer }).from(gradeCache).where(eq(gradeCache.key, key)).limit(1);
  return row?.answer ?? null;
}

export async function saveCachedGrade(db: Executor, input: typeof gradeCache.$inferInsert) {
  await db.insert(gradeCache).values(input).onConflictDoNothing();
}
