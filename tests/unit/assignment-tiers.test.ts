import { describe, expect, it } from "vitest";
import type { z } from "zod";

import {
  assignmentStatus,
  attemptsLeft,
  countAttempts,
  nextTier,
  tierReached,
  tiersText,
} from "@/lib/organizations/assignment-status";
import {
  createAssignmentFormSchema,
  createAssignmentSchema,
  updateAssignmentSchema,
} from "@/lib/validations/assignment";

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

const valid = { schema_id: "3f2b8c1e-5d4a-4b7e-9c1d-2e3f4a5b6c7d", due_at: "2026-12-01T17:00:00Z" };

describe("assignment tiers and attempts: the API's rules", () => {
  it.each([
    ["tiers 50/75/90", { tiers: [50, 75, 90] }, []],
    ["one tier", { tiers: [60] }, []],
    ["no tiers (null)", { tiers: null }, []],
    ["a maximum equal to the minimum", { min_attempts: 2, max_attempts: 2 }, []],
    ["the latest counts", { counts: "latest" }, []],
    [
      "unordered tiers",
      { tiers: [75, 50, 90] },
      ["tiers: Tiers must go up: each threshold higher than the one before, e.g. [50, 75, 90]"],
    ],
    [
      "two equal tiers",
      { tiers: [50, 50] },
      ["tiers: Tiers must go up: each threshold higher than the one before, e.g. [50, 75, 90]"],
    ],
    ["a tier above 100", { tiers: [50, 101] }, ["tiers.1: Each tier must be a whole number from 0 to 100"]],
    ["a negative tier", { tiers: [-1] }, ["tiers.0: Each tier must be a whole number from 0 to 100"]],
    ["a fractional tier", { tiers: [50.5] }, ["tiers.0: Each tier must be a whole number from 0 to 100"]],
    [
      "four tiers",
      { tiers: [10, 20, 30, 40] },
      ["tiers: tiers must be a list of up to 3 whole numbers, lowest first, e.g. [50, 75, 90]"],
    ],
    [
      "tiers as text",
      { tiers: "50,75,90" },
      ["tiers: tiers must be a list of up to 3 whole numbers, lowest first, e.g. [50, 75, 90]"],
    ],
    [
      "a maximum below the minimum",
      { min_attempts: 3, max_attempts: 2 },
      ["max_attempts: Maximum attempts (2) must be at least the minimum attempts (3)"],
    ],
    [
      "a maximum of 0",
      { max_attempts: 0 },
      ["max_attempts: Maximum attempts must be a whole number from 1 to 100, or empty for unlimited"],
    ],
    ["an unknown rule", { counts: "first" }, ["counts: counts must be 'best' or 'latest'"]],
  ])("%s", (_label, extra, expected) => {
    expect(messagesOf(createAssignmentSchema, { ...valid, ...extra })).toEqual(expected);
  });

  it("defaults to no tiers, no maximum and the best score", () => {
    expect(createAssignmentSchema.parse(valid)).toMatchObject({ tiers: null, max_attempts: null, counts: "best" });
    expect(createAssignmentSchema.parse({ ...valid, tiers: [] }).tiers).toBeNull();
  });

  it("an update may clear tiers and the maximum with null, and checks the two limits when both come", () => {
    expect(updateAssignmentSchema.parse({ tiers: null, max_attempts: null })).toEqual({
      tiers: null,
      max_attempts: null,
    });
    expect(messagesOf(updateAssignmentSchema, { min_attempts: 5, max_attempts: 4 })).toEqual([
      "max_attempts: Maximum attempts (4) must be at least the minimum attempts (5)",
    ]);
  });

  it("the form speaks of Bronze, Silver and Gold", () => {
    expect(messagesOf(createAssignmentFormSchema, { ...valid, tiers: [80, 70] })).toEqual([
      "tiers: Tiers must go up: Bronze below Silver below Gold",
    ]);
    // Silver filled, Bronze blank: the form sends a gap.
    expect(messagesOf(createAssignmentFormSchema, { ...valid, tiers: [null, 70] })).toEqual([
      "tiers.0: Fill the tiers from Bronze up, each a whole number from 0 to 100",
    ]);
  });
});

describe("counting attempts", () => {
  const best = { maxAttempts: null, counts: "best" as const };
  it.each([
    ["no attempts", [], best, { attempts: 0, counted: 0, score: null, left: null }],
    ["the best of all", [60, 80, 70], best, { counted: 3, best: 80, latest: 70, score: 80, left: null }],
    ["the latest of all", [60, 80, 70], { maxAttempts: null, counts: "latest" as const }, { score: 70 }],
    [
      "only the first two count: a 95 on the third is practice",
      [60, 70, 95],
      { maxAttempts: 2, counts: "best" as const },
      { attempts: 3, counted: 2, best: 70, score: 70, left: 0 },
    ],
    [
      "latest of the counted ones, not the latest call",
      [60, 70, 95],
      { maxAttempts: 2, counts: "latest" as const },
      { latest: 70, score: 70 },
    ],
    [
      "an attempt still being graded is used but has no score yet",
      [60, null],
      { maxAttempts: 3, counts: "latest" as const },
      { attempts: 2, counted: 2, pending: 1, score: 60, left: 1 },
    ],
  ])("%s", (_label, scores, rule, expected) => {
    expect(countAttempts(scores, rule)).toMatchObject(expected);
  });

  it("attempts left never go below zero", () => {
    expect(attemptsLeft(5, 3)).toBe(0);
    expect(attemptsLeft(1, 3)).toBe(2);
    expect(attemptsLeft(9, null)).toBeNull();
  });
});

describe("tiers", () => {
  const tiers = [50, 75, 90];
  it.each([
    [null, null, "Bronze"],
    [49, null, "Bronze"],
    [50, "Bronze", "Silver"],
    [89, "Silver", "Gold"],
    [90, "Gold", null],
    [100, "Gold", null],
  ])("a score of %s reaches %s (next: %s)", (score, reached, next) => {
    expect(tierReached(score, tiers)?.name ?? null).toBe(reached);
    expect(nextTier(score, tiers)?.name ?? null).toBe(next);
  });

  it("without tiers there is no tier", () => {
    expect(tierReached(100, null)).toBeNull();
    expect(nextTier(10, null)).toBeNull();
    expect(tiersText(null)).toBe("");
    expect(tiersText(tiers)).toBe("Bronze 50 · Silver 75 · Gold 90");
  });
});

describe("assignment status with a maximum", () => {
  const base = { passMark: 70, minAttempts: 1, dueAt: new Date("2026-12-01T17:00:00Z") };
  const before = new Date("2026-11-30T12:00:00Z");
  const after = new Date("2026-12-02T12:00:00Z");
  it.each([
    ["every attempt used below the mark", { attempts: 2, score: 60, maxAttempts: 2, now: before }, "out_of_attempts"],
    ["out of attempts wins over overdue", { attempts: 2, score: 60, maxAttempts: 2, now: after }, "out_of_attempts"],
    ["passed on the last attempt", { attempts: 2, score: 80, maxAttempts: 2, now: before }, "passed"],
    [
      "the last attempt is still being graded",
      { attempts: 2, score: 60, maxAttempts: 2, pending: 1, now: before },
      "in_progress",
    ],
    ["attempts left", { attempts: 1, score: 60, maxAttempts: 2, now: before }, "in_progress"],
    ["no maximum", { attempts: 9, score: 60, maxAttempts: null, now: before }, "in_progress"],
  ])("%s", (_label, input, expected) => {
    expect(assignmentStatus({ ...base, ...input })).toBe(expected);
  });
});
