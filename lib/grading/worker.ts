import "server-only";

import { getDb } from "@/db";
import {
  claimPendingGrade,
  findGrade,
  nextPendingDueAt,
  recordGradeFailure,
  saveGradeResult,
} from "@/db/queries/grades";
import { refreshAfterRegrade } from "@/lib/coaching/review-score";
import { describeError, logScrubbedError, scrub } from "@/lib/db-errors";
import { env } from "@/lib/env";
import { kickLtiOutbox } from "@/lib/lti/outbox";
import { queueScoreForLms } from "@/lib/lti/outcomes";

import { gradeConversation } from "./grade-conversation";

/** How long a claimed grade stays leased: the model's time limit plus room to write. */
const leaseMs = () => env().GRADING_TIMEOUT_MS + 30_000;

/** The delay before retry number `attempt` (1-based): the base delay, doubling each time. */
export function retryDelayMs(attempt: number): number {
  return env().GRADING_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1);
}

/** What the grade page shows: the error's own message, or for a failed query its text without parameters. */
function reason(err: unknown): string {
  const failedQuery = typeof (err as { query?: unknown } | null)?.query === "string";
  const message = err instanceof Error && !failedQuery ? scrub(err.message) : describeError(err);
  return message.slice(0, 500) || "Unknown grading error";
}

/**
 * Claims one due pending grade, grades it and writes the result in one statement. On failure the
 * reason is recorded and a retry scheduled; after GRADING_MAX_ATTEMPTS the grade is failed.
 * Returns false when nothing was due.
 */
export async function gradeNext(): Promise<boolean> {
  const db = await getDb();
  const claim = await claimPendingGrade(db, leaseMs());
  if (!claim) return false;
  try {
    // Refused when a late turn took the lease back meanwhile: the grade is due again with it.
    const result = await gradeConversation(db, claim.conversation_id);
    // The score goes to the LMS outbox in the same transaction, so a saved grade is never left unsent.
    const queued = await db.transaction(async (tx) => {
      if (!(await saveGradeResult(tx, claim, result))) return 0;
      // A reviewed score recomputed from criterion overrides follows the new automatic criteria.
      const saved = await findGrade(tx, claim.conversation_id);
      if (saved) await refreshAfterRegrade(tx, saved);
      return queueScoreForLms(tx, claim.conversation_id);
    });
    if (queued > 0) kickLtiOutbox();
  } catch (err) {
    const final = claim.attempts >= env().GRADING_MAX_ATTEMPTS;
    console.warn(`[grading] attempt ${claim.attempts} for ${claim.conversation_id} failed: ${reason(err)}`);
    await recordGradeFailure(db, claim, reason(err), final ? null : retryDelayMs(claim.attempts));
  }
  return true;
}

const state = globalThis as unknown as {
  parleyGrading?: {
    running: Promise<number> | null;
    again: boolean;
    wake: NodeJS.Timeout | null;
    sweep: NodeJS.Timeout | null;
  };
};
const worker = (state.parleyGrading ??= { running: null, again: false, wake: null, sweep: null });

/** Grades everything that is due; at most one drain loop runs per process. Resolves with the count. */
export function drainGrades(): Promise<number> {
  if (worker.running) {
    worker.again = true;
    return worker.running;
  }
  worker.running = (async () => {
    let graded = 0;
    try {
      // The wake look-up is inside the loop: a kick that joins while it runs is not lost.
      do {
        worker.again = false;
        while (await gradeNext()) graded++;
        await scheduleWake();
      } while (worker.again);
    } finally {
      // In the same step as the last check, so no caller can join a drain that has already decided to stop.
      worker.running = null;
    }
    return graded;
  })();
  return worker.running;
}

/** Wakes the drain again when the next scheduled retry falls due (sooner than the sweep). */
async function scheduleWake() {
  const due = await nextPendingDueAt(await getDb());
  if (worker.wake) clearTimeout(worker.wake);
  worker.wake = null;
  if (!due) return;
  const delay = Math.max(50, due.getTime() - Date.now());
  if (delay > env().GRADING_SWEEP_MS) return; // the sweep will get it
  worker.wake = setTimeout(kickGrader, delay);
  worker.wake.unref();
}

/** Starts grading in the background after the ending transaction committed. Never blocks. */
export function kickGrader(): void {
  setImmediate(() => {
    drainGrades().catch((err) => logScrubbedError("grading", err));
  });
}

/** Picks up pending grades left by a crash or restart; started once per server process. */
export function startGradingSweep(): void {
  if (worker.sweep) return;
  kickGrader();
  worker.sweep = setInterval(kickGrader, env().GRADING_SWEEP_MS);
  worker.sweep.unref();
}

export function stopGradingSweep(): void {
  if (worker.sweep) clearInterval(worker.sweep);
  if (worker.wake) clearTimeout(worker.wake);
  worker.sweep = null;
  worker.wake = null;
}

/**
 * Stops the timers and waits for a drain already under way (a kick queued just before counts): a
 * test file closing its database, or a process shutting down, never cuts a grade's queries off.
 */
export async function settleGrading(): Promise<void> {
  stopGradingSweep();
  await new Promise((resolve) => setImmediate(resolve));
  await worker.running?.catch(() => undefined);
}
