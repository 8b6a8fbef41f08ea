import type { AssignmentStatus } from "./assignment-status";

export type AttentionFlag = "inactive" | "below_pass_mark" | "falling" | "overdue";

export const FLAG_LABEL: Record<AttentionFlag, string> = {
  inactive: "No practice in 7 days",
  below_pass_mark: "Below pass mark",
  falling: "Falling scores",
  overdue: "Overdue",
};

const WEEK = 7 * 86_400_000;

/**
 * Why a learner may need help: no practice in 7 days, below the pass mark after the required
 * attempts, each of the last three grades lower than the one before, or an overdue assignment.
 */
export function attentionFlags(input: {
  lastActive: string | null;
  recentScores: number[]; // newest first
  assignments: {
    status: AssignmentStatus;
    attempts: number;
    best_score: number | null;
    pass_mark: number;
    min_attempts: number;
  }[];
  now: Date;
}): AttentionFlag[] {
  const flags: AttentionFlag[] = [];
  if (!input.lastActive || input.now.getTime() - new Date(input.lastActive).getTime() > WEEK) flags.push("inactive");
  if (
    input.assignments.some(
      (a) => a.status !== "passed" && a.attempts >= a.min_attempts && (a.best_score ?? 0) < a.pass_mark,
    )
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
