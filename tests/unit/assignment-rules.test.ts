import { describe, expect, it } from "vitest";
import type { z } from "zod";

import {
  createAssignmentFormSchema,
  createAssignmentSchema,
  reviewSchema,
  updateAssignmentFormSchema,
  updateAssignmentSchema,
} from "@/lib/validations/assignment";

/** The rules the APIs and the forms share: one schema each, so one set of messages. */
const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("instructor review", () => {
  it.each([
    ["a note alone", { score: null, comment: "Good discovery" }, []],
    ["a corrected score with its reason", { score: 88, comment: "Strong implication questions" }, []],
    ["no score and no note", { score: null, comment: "  " }, ["comment: Write a comment for the learner"]],
    [
      "a corrected score without a reason",
      { score: 88, comment: "" },
      ["comment: Give a reason for changing the score"],
    ],
    ["a score above 100", { score: 120, comment: "x" }, ["score: Score must be a whole number from 0 to 100"]],
    ["a fractional score", { score: 8.5, comment: "x" }, ["score: Score must be a whole number from 0 to 100"]],
    [
      "a NUL in the note",
      { score: null, comment: "a\u0000b" },
      ["comment: comment contains characters that cannot be stored"],
    ],
  ])("%s", (_label, input, expected) => {
    expect(messagesOf(reviewSchema, input)).toEqual(expected);
  });

  it("keeps the note trimmed", () => {
    expect(reviewSchema.parse({ comment: "  well done  " })).toEqual({ comment: "well done" });
  });
});

describe("assignment", () => {
  const valid = {
    schema_id: "3f2b8c1e-5d4a-4b7e-9c1d-2e3f4a5b6c7d",
    due_at: "2026-12-01T17:00:00Z",
    pass_mark: 70,
    min_attempts: 2,
  };
  it.each([
    ["a complete assignment", valid, []],
    ["no roleplay chosen", { ...valid, schema_id: "" }, ["schema_id: Choose a roleplay"]],
    [
      "no due date",
      { ...valid, due_at: "" },
      ["due_at: due_at must be a date and time with its offset (ISO 8601), e.g. 2026-12-01T17:00:00Z"],
    ],
    [
      "a pass mark above 100",
      { ...valid, pass_mark: 120 },
      ["pass_mark: Pass mark must be a whole number from 0 to 100"],
    ],
    [
      "no attempts",
      { ...valid, min_attempts: 0 },
      ["min_attempts: Minimum attempts must be a whole number from 1 to 100"],
    ],
  ])("%s", (_label, input, expected) => {
    expect(messagesOf(createAssignmentSchema, input)).toEqual(expected);
  });

  // The forms share the rules but speak the date picker's language (issue 23).
  it.each([
    ["no due date", { ...valid, due_at: "" }, ["due_at: Choose a due date and time"]],
    ["a half-typed due date", { ...valid, due_at: "2026-12-01" }, ["due_at: Choose a due date and time"]],
    ["no roleplay chosen", { ...valid, schema_id: "" }, ["schema_id: Choose a roleplay"]],
  ])("the assignment form refuses %s in the picker's words", (_label, input, expected) => {
    expect(messagesOf(createAssignmentFormSchema, input)).toEqual(expected);
    const edit = { ...input, assignment_id: valid.schema_id };
    expect(messagesOf(updateAssignmentFormSchema, edit)).toEqual(expected);
  });

  it("keeps the API's message about the format for API callers, on PUT as on POST", () => {
    expect(messagesOf(updateAssignmentSchema, { due_at: "next Friday" })).toEqual([
      "due_at: due_at must be a date and time with its offset (ISO 8601), e.g. 2026-12-01T17:00:00Z",
    ]);
    expect(messagesOf(updateAssignmentSchema, {})).toEqual([": Nothing to change"]);
  });
});
