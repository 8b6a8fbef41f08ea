import { z } from "zod";

import { routeId, text, uniqueIds, uuid as id } from "./common";

const PASS_MARK_RULE = "Pass mark must be a whole number from 0 to 100";
const passMark = z.int(PASS_MARK_RULE).min(0, PASS_MARK_RULE).max(100, PASS_MARK_RULE);
const ATTEMPTS_RULE = "Minimum attempts must be a whole number from 1 to 100";
const minAttempts = z.int(ATTEMPTS_RULE).min(1, ATTEMPTS_RULE).max(100, ATTEMPTS_RULE);
const groupIds = z
  .array(id("group_ids item"), { error: "group_ids must be a list of group ids" })
  .max(500, "At most 500 groups")
  .transform(uniqueIds);

/** The same rules in two voices: an API caller sends ISO text, an instructor uses a date picker. */
const DUE_AT = {
  api: "due_at must be a date and time with its offset (ISO 8601), e.g. 2026-12-01T17:00:00Z",
  form: "Choose a due date and time",
} as const;
type Voice = keyof typeof DUE_AT;

const dueAt = (voice: Voice) => z.iso.datetime({ offset: true, error: DUE_AT[voice] }).transform((v) => new Date(v));

/** No groups means everyone in the organisation. */
const createFields = (voice: Voice) =>
  z.object({
    schema_id: id("schema_id", "Choose a roleplay"),
    group_ids: groupIds.default([]),
    due_at: dueAt(voice),
    pass_mark: passMark.optional(),
    min_attempts: minAttempts.default(1),
  });

/** Any subset of the fields. */
const updateFields = (voice: Voice) =>
  z.object({
    schema_id: id("schema_id", "Choose a roleplay").optional(),
    group_ids: groupIds.optional(),
    due_at: dueAt(voice).optional(),
    pass_mark: passMark.optional(),
    min_attempts: minAttempts.optional(),
  });
const somethingToChange = (v: object) => Object.values(v).some((x) => x !== undefined);

/** POST /api/organization/assignments. */
export const createAssignmentSchema = createFields("api");
/** PUT /api/organization/assignments/{id}. */
export const updateAssignmentSchema = updateFields("api").refine(somethingToChange, { error: "Nothing to change" });

/** The assignment forms: the same rules, with messages that name the picker rather than the format. */
export const createAssignmentFormSchema = createFields("form");
export const updateAssignmentFormSchema = updateFields("form").extend({ assignment_id: id("assignment_id") });

export const assignmentParams = z.object({ id: routeId("Assignment") });

export const exportQuerySchema = z.object({
  assignment_id: id("assignment_id").optional(),
  group_id: id("group_id").optional(),
});

const SCORE_RULE = "Score must be a whole number from 0 to 100";

/** A review's fields; the API's body and the grade page's form share them and the rule below. */
export const reviewFields = z.object({
  score: z.int(SCORE_RULE).min(0, SCORE_RULE).max(100, SCORE_RULE).nullable().optional(),
  comment: text("comment", 2000, { typeError: "comment is required" }).refine(
    (s) => !s.includes("\u0000") && s.isWellFormed(),
    "comment contains characters that cannot be stored",
  ),
});

/** A note is always needed; with a corrected score it is the reason for the change. */
export function commentRule(v: { score?: number | null; comment: string }, ctx: z.RefinementCtx) {
  if (v.comment) return;
  const changed = v.score !== null && v.score !== undefined;
  ctx.addIssue({
    code: "custom",
    path: ["comment"],
    message: changed ? "Give a reason for changing the score" : "Write a comment for the learner",
  });
}

/** PUT /api/organization/grades/{id}/review: a note, and a corrected score only with a reason. */
export const reviewSchema = reviewFields.superRefine(commentRule);

export const activeOrganizationSchema = z.object({ organization_id: id("organization_id") });

export type CreateAssignmentInput = z.output<typeof createAssignmentSchema>;
export type UpdateAssignmentInput = z.output<typeof updateAssignmentSchema>;
export type ReviewInput = z.output<typeof reviewSchema>;
