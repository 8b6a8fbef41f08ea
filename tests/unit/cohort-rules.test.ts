import { describe, expect, it } from "vitest";

import { exactDuration } from "@/components/grade/score-band";
import { matchesStatus, sortLearners } from "@/components/organization/learner-table";
import { assignmentStatus } from "@/lib/organizations/assignment-status";
import { attentionFlags, median } from "@/lib/organizations/attention";
import { liftPerRoleplay } from "@/lib/organizations/cohort";

const due = new Date("2026-12-01T17:00:00Z");
const before = new Date("2026-11-30T12:00:00Z");
const after = new Date("2026-12-02T12:00:00Z");

describe("assignment status", () => {
  it.each([
    [{ attempts: 0, score: null, now: before }, "not_started"],
    [{ attempts: 1, score: 50, now: before }, "in_progress"],
    [{ attempts: 2, score: 70, now: before }, "passed"],
    [{ attempts: 1, score: 95, now: before }, "in_progress"], // passing score, but 2 attempts are required
    [{ attempts: 2, score: 69, now: after }, "overdue"],
    [{ attempts: 0, score: null, now: after }, "overdue"],
    [{ attempts: 3, score: 80, now: after }, "passed"], // passed late still counts as passed
  ] as const)("%o is %s", (input, expected) => {
    expect(assignmentStatus({ ...input, passMark: 70, minAttempts: 2, dueAt: due })).toBe(expected);
  });
});

describe("attention flags", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const recent = "2026-11-20T12:00:00Z";
  it.each([
    [{ lastActive: null, recentScores: [], assignments: [] }, ["inactive"]], // signed in three weeks ago
    [{ lastActive: "2026-11-10T12:00:00Z", recentScores: [], assignments: [] }, ["inactive"]],
    // Seeded minutes ago and never signed in: honest, not "no practice in 7 days".
    [{ lastActive: null, firstSignedIn: null, recentScores: [], assignments: [] }, ["not_signed_in"]],
    [{ lastActive: null, firstSignedIn: "2026-11-20T09:00:00Z", recentScores: [], assignments: [] }, []],
    // Inactivity counts from the later of the first sign-in and the newest assignment.
    [{ lastActive: null, assignedSince: "2026-11-19T09:00:00Z", recentScores: [], assignments: [] }, []],
    [
      { lastActive: "2026-11-01T12:00:00Z", assignedSince: "2026-11-14T09:00:00Z", recentScores: [], assignments: [] },
      ["inactive"],
    ],
    [{ lastActive: recent, recentScores: [50, 60, 70], assignments: [] }, ["falling"]], // newest first: 70, then 60, then 50
    [{ lastActive: recent, recentScores: [60, 60, 70], assignments: [] }, []], // not strictly falling
    [{ lastActive: recent, recentScores: [50, 60], assignments: [] }, []], // fewer than three grades
    [
      {
        lastActive: recent,
        recentScores: [],
        assignments: [{ status: "in_progress", attempts: 2, score: 55, pass_mark: 70, min_attempts: 2 }],
      },
      ["below_pass_mark"],
    ],
    [
      {
        lastActive: recent,
        recentScores: [],
        assignments: [{ status: "in_progress", attempts: 1, score: 55, pass_mark: 70, min_attempts: 2 }],
      },
      [],
    ],
    [
      {
        lastActive: recent,
        recentScores: [],
        assignments: [{ status: "overdue", attempts: 0, score: null, pass_mark: 70, min_attempts: 1 }],
      },
      ["overdue"],
    ],
  ] as const)("%o -> %o", (input, expected) => {
    expect(
      attentionFlags({
        firstSignedIn: "2026-11-01T08:00:00Z",
        assignedSince: null,
        ...input,
        recentScores: [...input.recentScores],
        assignments: [...input.assignments],
        now,
      }),
    ).toEqual(expected);
  });

  it("median of learners' averages", () => {
    expect(median([])).toBeNull();
    expect(median([80])).toBe(80);
    expect(median([90, 50, 70])).toBe(70);
    expect(median([60, 71, 50, 90])).toBe(65.5);
  });
});

describe("learner tables", () => {
  const user = (name: string, average_score: number | null = null, last_active: string | null = null) => ({
    id: name,
    name,
    email: `${name.replace(/\s/g, "").toLowerCase()}@x.test`,
    conversations: 0,
    time_minutes: 0,
    average_score,
    last_active,
  });
  const students = ["Student 10", "Student 2", "student 1", "Student 11", "Student 9"].map((n) => user(n));

  it("sorts names in natural order, either way", () => {
    expect(sortLearners(students, { key: "name", dir: "asc" }, {}).map((u) => u.name)).toEqual([
      "student 1",
      "Student 2",
      "Student 9",
      "Student 10",
      "Student 11",
    ]);
    expect(sortLearners(students, { key: "name", dir: "desc" }, {}).map((u) => u.name)[0]).toBe("Student 11");
  });

  it("sorts scores with missing ones last in both directions", () => {
    const list = [user("A", null), user("B", 80), user("C", 55)];
    expect(sortLearners(list, { key: "average_score", dir: "desc" }, {}).map((u) => u.name)).toEqual(["B", "C", "A"]);
    expect(sortLearners(list, { key: "average_score", dir: "asc" }, {}).map((u) => u.name)).toEqual(["C", "B", "A"]);
  });

  it("filters by status", () => {
    expect(matchesStatus([], "on_track")).toBe(true);
    expect(matchesStatus(["overdue"], "attention")).toBe(true);
    expect(matchesStatus(["inactive"], "overdue")).toBe(false);
    expect(matchesStatus(["inactive"], "all")).toBe(true);
  });
});

describe("first-to-best lift and durations", () => {
  it("per roleplay, from the oldest graded attempt (the list is newest first)", () => {
    const list = [
      { schema_name: "Pitch", started_at: "2026-11-03", score: 70 },
      { schema_name: "Pitch", started_at: "2026-11-02", score: null },
      { schema_name: "Discovery", started_at: "2026-11-02", score: 40 },
      { schema_name: "Pitch", started_at: "2026-11-01", score: 55 },
    ];
    expect(liftPerRoleplay(list)).toEqual([
      { schema_name: "Pitch", attempts: 2, first: 55, best: 70, lift: 15 },
      { schema_name: "Discovery", attempts: 1, first: 40, best: 40, lift: 0 },
    ]);
  });

  it("shows the exact length behind the rounded minutes", () => {
    expect(exactDuration("2026-11-22T16:32:50Z", "2026-11-22T16:34:19Z")).toBe("1 min 29 s");
    expect(exactDuration("2026-11-22T16:32:00Z", "2026-11-22T16:32:02Z")).toBe("2 s");
    expect(exactDuration("2026-11-22T16:32:00Z", null)).toBeNull();
  });
});
