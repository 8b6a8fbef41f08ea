export type AssignmentStatus = "passed" | "overdue" | "in_progress" | "not_started";

export const STATUS_LABEL: Record<AssignmentStatus, string> = {
  passed: "Passed",
  overdue: "Overdue",
  in_progress: "In progress",
  not_started: "Not started",
};

/**
 * Passed once the best score reaches the pass mark and the required attempts are made;
 * otherwise overdue after the due date, in progress after a first attempt, else not started.
 */
export function assignmentStatus(input: {
  attempts: number;
  bestScore: number | null;
  passMark: number;
  minAttempts: number;
  dueAt: Date;
  now?: Date;
}): AssignmentStatus {
  const now = input.now ?? new Date();
  if (input.bestScore !== null && input.bestScore >= input.passMark && input.attempts >= input.minAttempts)
    return "passed";
  if (now.getTime() > input.dueAt.getTime()) return "overdue";
  return input.attempts > 0 ? "in_progress" : "not_started";
}
