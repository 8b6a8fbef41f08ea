import type { AssignmentStatus } from "./assignment-status";

export type AttentionFlag = "not_signed_in" | "inactive" | "below_pass_mark" | "falling" | "overdue";

export const FLAG_LABEL: Record<AttentionFlag, string> = {
  not_signed_in: "Not signed in yet",
  inactive: "No practice in 7 days",
  below_pass_mark: "Below pass mark",
  falling: "Falling scores",
  overdue: "Overdue",
};

const WEEK = 7 * 86_400_000;

const later = (...dates: (string | null)[]) =>
  Math.max(...dates.map((d) => (d === null ? Number.NEGATIVE_INFINITY : new Date(d).getTime())));

/**
 * Why a learner may need help: never signed in, or no practice in 7 days (counted from the latest of
 * their last practice, their first sign-in and their newest assignment, so a learner seeded or assigned
 * this week is not "inactive"), below the pass mark after the required attempts, each of the last
 * three grades lower than the one before, or an overdue assignment.
 */
export function attentionFlags(input: {
  lastActive: string | null;
  firstSignedIn: string | null;
  /** When the newest of the learner's assignments was made. */
  assignedSince: string | null;
  recentScores: number[]; // newest first
  assignments: {
    status: AssignmentStatus;
    attempts: number;
    /** The score that counts: the best or the latest counted attempt, as the assignment says. */
    score: number | null;
    pass_mark: number;
    min_attempts: number;
  }[];
  now: Date;
}): AttentionFlag[] {
  const flags: AttentionFlag[] = [];
  if (input.lastActive === null && input.firstSignedIn === null) flags.push("not_signed_in");
  else if (input.now.getTime() - later(input.lastActive, input.firstSignedIn, input.assignedSince) > WEEK) {
    flags.push("inactive");
  }
  if (
    input.assignments.some((a) => a.status !== "passed" && a.attempts >= a.min_attempts && (a.score ?? 0) < a.pass_mark)
  ) {
    flags.push("below_pass_mark");
  }
  const [c, b, a] = input.recentScores;
  if (input.recentScores.length >= 3 && c < b && b < a) flags.push("falling");
  if (input.assignments.some((x) => x.status === "overdue")) flags.push("overdue");
  return flags;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  const m = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return Math.round(m * 10) / 10;
}
