/** Tier thresholds are stored lowest first and named in this order. */
export const TIER_NAMES = ["Bronze", "Silver", "Gold"] as const;

export type AssignmentStatus = "passed" | "out_of_attempts" | "overdue" | "in_progress" | "not_started";
export type CountRule = "best" | "latest";

export const STATUS_LABEL: Record<AssignmentStatus, string> = {
  passed: "Passed",
  out_of_attempts: "Out of attempts",
  overdue: "Overdue",
  in_progress: "In progress",
  not_started: "Not started",
};

export const COUNT_LABEL: Record<CountRule, string> = { best: "Best score counts", latest: "Latest score counts" };

/**
 * What the learner's attempts add up to. Attempts are oldest first; a score is null while a call is
 * not graded yet. Only the first `maxAttempts` count (all when null): later ones are practice, never
 * blocked, never counted. Of the counted attempts, the best or the latest scored one is the result.
 */
export function countAttempts(scores: (number | null)[], rule: { maxAttempts: number | null; counts: CountRule }) {
  const counted = rule.maxAttempts === null ? scores : scores.slice(0, rule.maxAttempts);
  const scored = counted.filter((s): s is number => s !== null);
  const best = scored.length ? Math.max(...scored) : null;
  const latest = scored.length ? scored[scored.length - 1] : null;
  return {
    attempts: scores.length,
    counted: counted.length,
    /** Counted attempts still waiting for a grade. */
    pending: counted.length - scored.length,
    best,
    latest,
    score: rule.counts === "best" ? best : latest,
    left: attemptsLeft(scores.length, rule.maxAttempts),
  };
}

/** Attempts that would still count; null when there is no maximum. */
export function attemptsLeft(attempts: number, maxAttempts: number | null): number | null {
  return maxAttempts === null ? null : Math.max(0, maxAttempts - attempts);
}

export type Tier = { name: string; threshold: number };

/** The highest tier whose threshold the score reaches (tiers ascending, named Bronze, Silver, Gold); null for none. */
export function tierReached(score: number | null, tiers: number[] | null): Tier | null {
  if (score === null || !tiers) return null;
  let reached: Tier | null = null;
  for (const [i, threshold] of tiers.entries()) {
    if (score >= threshold) reached = { name: TIER_NAMES[i] ?? `Tier ${i + 1}`, threshold };
  }
  return reached;
}

/** The next tier above the score, to aim for; null when the top one is reached or there are none. */
export function nextTier(score: number | null, tiers: number[] | null): Tier | null {
  if (!tiers) return null;
  const i = tiers.findIndex((t) => score === null || score < t);
  return i < 0 ? null : { name: TIER_NAMES[i] ?? `Tier ${i + 1}`, threshold: tiers[i] };
}

/** "Bronze 50 · Silver 75 · Gold 90", or "" for none. */
export function tiersText(tiers: number[] | null): string {
  return (tiers ?? []).map((t, i) => `${TIER_NAMES[i] ?? `Tier ${i + 1}`} ${t}`).join(" · ");
}

/**
 * Passed once the score that counts (best or latest of the counted attempts) reaches the pass mark
 * and the required attempts are made; out of attempts once every allowed attempt is used without
 * passing; otherwise overdue after the due date, in progress after a first attempt, else not started.
 */
export function assignmentStatus(input: {
  attempts: number;
  score: number | null;
  passMark: number;
  minAttempts: number;
  maxAttempts?: number | null;
  /** Counted attempts still being graded: the last allowed attempt may yet pass. */
  pending?: number;
  dueAt: Date;
  now?: Date;
}): AssignmentStatus {
  const now = input.now ?? new Date();
  const max = input.maxAttempts ?? null;
  const counted = max === null ? input.attempts : Math.min(input.attempts, max);
  if (input.score !== null && input.score >= input.passMark && counted >= input.minAttempts) return "passed";
  if (max !== null && input.attempts >= max && !input.pending) return "out_of_attempts";
  if (now.getTime() > input.dueAt.getTime()) return "overdue";
  return input.attempts > 0 ? "in_progress" : "not_started";
}
