import "server-only";

import { getDb } from "@/db";
import {
  claimScoreSend,
  markScoreSendFailure,
  markScoreSent,
  nextScoreSendDueAt,
  skipSupersededScoreSends,
} from "@/db/queries/lti-services";
import { describeError, logScrubbedError, scrub } from "@/lib/db-errors";
import { env } from "@/lib/env";

import { postScore } from "./ags";
import { PlatformError } from "./token";

/*
 * The AGS outbox: lti_score_sends rows are written in the transaction that changed a score
 * (queueScoreForLms) and sent from here, by every server process, after the commit. A claimed row is
 * leased, so two instances never send it at once; a process that dies mid-send leaves the lease to run
 * out and another sends the same row again, with the same body and timestamp, which the platform takes
 * as the same score. Newer versions replace older pending ones, and never overtake one in flight.
 */

/** A send makes up to three calls (token, line item, score), each with its own time limit. */
export const leaseMs = () => 3 * env().LTI_HTTP_TIMEOUT_MS + 2_000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;
const SENDERS = 4;

/** Exponential backoff with jitter: half the doubled delay fixed, half random (no retry storms). */
export function scoreRetryDelayMs(attempt: number, random = Math.random()): number {
  const delay = Math.min(env().LTI_SCORE_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
  return delay / 2 + (random * delay) / 2;
}

function reason(err: unknown): string {
  const message = err instanceof PlatformError ? err.message : scrub(describeError(err));
  return message.slice(0, 500) || "Unknown error";
}

/** Sends one due score. Returns false when nothing was due. */
async function sendNextScore(): Promise<boolean> {
  const db = await getDb();
  await skipSupersededScoreSends(db);
  const claim = await claimScoreSend(db, leaseMs());
  if (!claim) return false;
  try {
    await postScore(claim);
    await markScoreSent(db, { id: claim.id, lease: claim.lease });
  } catch (err) {
    const retryable = !(err instanceof PlatformError) || err.retryable;
    const final = !retryable || claim.attempts >= env().LTI_SCORE_MAX_ATTEMPTS;
    const wait = Math.max(
      scoreRetryDelayMs(claim.attempts),
      err instanceof PlatformError ? (err.retryAfterMs ?? 0) : 0,
    );
    console.warn(`[lti] score ${claim.id} attempt ${claim.attempts} failed${final ? " for good" : ""}: ${reason(err)}`);
    await markScoreSendFailure(db, {
      id: claim.id,
      lease: claim.lease,
      error: reason(err),
      retryInMs: final ? null : wait,
    });
  }
  return true;
}

const state = globalThis as unknown as {
  parleyLtiOutbox?: {
    running: Promise<number> | null;
    again: boolean;
    wake: NodeJS.Timeout | null;
    sweep: NodeJS.Timeout | null;
    later: Set<NodeJS.Timeout>;
  };
};
const worker = (state.parleyLtiOutbox ??= { running: null, again: false, wake: null, sweep: null, later: new Set() });
worker.later ??= new Set(); // a state object from before a hot reload

/** Sends everything due; at most one drain runs per process. Resolves with the number of attempts made. */
export function drainLtiOutbox(): Promise<number> {
  if (worker.running) {
    worker.again = true;
    return worker.running;
  }
  const run = (async () => {
    let attempts = 0;
    try {
      for (;;) {
        worker.again = false;
        // A few sends at once, so one slow platform does not hold up every other course's scores.
        await Promise.all(
          Array.from({ length: SENDERS }, async () => {
            while (await sendNextScore()) attempts++;
          }),
        );
        if (worker.again) continue;
        await scheduleWake();
        // A caller that joined while the wake was being scheduled queued a score this pass has not seen.
        if (!worker.again) return attempts;
      }
    } finally {
      // Cleared before the promise settles, so a drain asked for after this one ends starts afresh.
      worker.running = null;
    }
  })();
  worker.running = run;
  return run;
}

/** Wakes the drain when the next retry (or a dead sender's lease) falls due, if sooner than the sweep. */
async function scheduleWake() {
  const due = await nextScoreSendDueAt(await getDb());
  if (worker.wake) clearTimeout(worker.wake);
  worker.wake = null;
  if (!due) return;
  const delay = Math.max(50, due.getTime() - Date.now() + 10);
  if (delay > env().LTI_OUTBOX_SWEEP_MS) return;
  worker.wake = setTimeout(kickLtiOutbox, delay);
  worker.wake.unref();
}

/** Starts sending in the background; call it after the transaction that queued a score committed. */
export function kickLtiOutbox(): void {
  setImmediate(() => {
    drainLtiOutbox().catch((err) => logScrubbedError("lti", err));
  });
}

/** A kick in `ms` (for code still inside the transaction that queued a score). */
export function kickLtiOutboxLater(ms: number): void {
  const timer = setTimeout(() => {
    worker.later.delete(timer);
    kickLtiOutbox();
  }, ms);
  timer.unref();
  worker.later.add(timer);
}

/** Picks up scores left by a crash, a restart or a retry; started once per server process. */
export function startLtiOutbox(): void {
  if (worker.sweep) return;
  kickLtiOutbox();
  worker.sweep = setInterval(kickLtiOutbox, env().LTI_OUTBOX_SWEEP_MS);
  worker.sweep.unref();
}

export function stopLtiOutbox(): void {
  if (worker.sweep) clearInterval(worker.sweep);
  if (worker.wake) clearTimeout(worker.wake);
  for (const timer of worker.later) clearTimeout(timer);
  worker.later.clear();
  worker.sweep = null;
  worker.wake = null;
}

/** Stops the timers and waits for a drain under way, so nothing is cut off mid-query. */
export async function settleLtiOutbox(): Promise<void> {
  stopLtiOutbox();
  await new Promise((resolve) => setImmediate(resolve));
  await worker.running?.catch(() => undefined);
  if (worker.wake) clearTimeout(worker.wake);
  worker.wake = null;
}
