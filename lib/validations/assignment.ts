import { z } from "zod";

const id = (label: string) => z.uuid(`${label} must be a valid id`);
const dueAt = z.iso
  .datetime({ offset: true, error: "due_at must be an ISO date and time, e.g. 2026-12-01T17:00:00Z" })
  .transform((v) => new Date(v));
const passMark = z.int("pass_mark must be a whole number").min(0, "pass_mark must be 0 to 100").max(100, "pass_mark must be 0 to 100");
const minAttempts = z.int("min_attempts must be a whole number").min(1, "min_attempts must be 1 to 100").max(100, "min_attempts must be 1 to 100");
const groupIds = z
  .array(id("group_ids item"), { error: "group_ids must be a list of group ids" })
  .max(500, "At most 500 groups")
  .transform((ids) => [...new Set(ids.map((g) => g.toLowerCase()))]);

/** POST /api/organization/assignments: no groups means everyone in the organisation. */
export const createAssignmentSchema = z.object({
  schema_id: id("schema_id"),
  group_ids: groupIds.default([]),
  due_at: dueAt,
  pass_mark: passMark.optional(),
  min_attempts: minAttempts.default(1),
});

/** PUT /api/organization/assignments/{id}: any subset of the fields. */
export const updateAssignmentSchema = z
  .object({
    schema_id: id("schema_id").optional(),
    group_ids: groupIds.optional(),
    due_at: dueAt.optional(),
    pass_mark: passMark.optional(),
    min_attempts: minAttempts.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to change" });

export const exportQuerySchema = z.object({
  assignment_id: id("assignment_id").optional(),
  group_id: id("group_id").optional(),
});

/** PUT /api/organization/grades/{id}/review: a note, and a corrected score only with a reason. */
export const reviewSchema = z.object({
  score: z.int("score must be a whole number").min(0, "score must be 0 to 100").max(100, "score must be 0 to 100").nullable().optional(),
  comment: z
    .string({ error: "comment is required" })
    .trim()
    .min(1, "A comment is required (with a score, it is the reason for the change)")
    .max(2000, "comment must be at most 2000 characters")
    .refine((s) => !s.includes("\u0000") && s.isWellFormed(), "comment contains characters that cannot be stored"),
});

export const activeOrganizationSchema = z.object({ organization_id: id("organization_id") });

export type CreateAssignmentInput = z.output<typeof createAssignmentSchema>;
export type UpdateAssignmentInput = z.output<typeof updateAssignmentSchema>;
export type ReviewInput = z.output<typeof reviewSchema>;
