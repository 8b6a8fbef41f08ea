import { z } from "zod";

import { TIER_NAMES } from "@/lib/organizations/assignment-status";

import { routeId, text, uniqueIds, uuid as id } from "./common";

/** The same rules in two voices: an API caller sends ISO text, an instructor uses a date picker. */
const DUE_AT = {
  api: "due_at must be a date and time with its offset (ISO 8601), e.g. 2026-12-01T17:00:00Z",
  form: "Choose a due date and time",
} as const;
type Voice = keyof typeof DUE_AT;

const PASS_MARK_RULE = "Pass mark must be a whole number from 0 to 100";
const passMark = z.int(PASS_MARK_RULE).min(0, PASS_MARK_RULE).max(100, PASS_MARK_RULE);
const ATTEMPTS_RULE = "Minimum attempts must be a whole number from 1 to 100";
const minAttempts = z.int(ATTEMPTS_RULE).min(1, ATTEMPTS_RULE).max(100, ATTEMPTS_RULE);
const MAX_RULE = "Maximum attempts must be a whole number from 1 to 100, or empty for unlimited";
const maxAttempts = z.int(MAX_RULE).min(1, MAX_RULE).max(100, MAX_RULE).nullable();
const COUNT_RULES = ["best", "latest"] as const;
const counts = z.enum(COUNT_RULES, { error: "counts must be 'best' or 'latest'" });

/** Tier thresholds, lowest first: Bronze, Silver, Gold. Empty or null means no tiers. */
const TIER_MESSAGES = {
  api: {
    item: "Each tier must be a whole number from 0 to 100",
    list: "tiers must be a list of up to 3 whole numbers, lowest first, e.g. [50, 75, 90]",
    order: "Tiers must go up: each threshold higher than the one before, e.g. [50, 75, 90]",
  },
  form: {
    item: "Fill the tiers from Bronze up, each a whole number from 0 to 100",
    list: "At most 3 tiers: Bronze, Silver and Gold",
    order: "Tiers must go up: Bronze below Silver below Gold",
  },
} as const;
const tiers = (voice: Voice) =>
  z
    .array(z.int(TIER_MESSAGES[voice].item).min(0, TIER_MESSAGES[voice].item).max(100, TIER_MESSAGES[voice].item), {
      error: TIER_MESSAGES[voice].list,
    })
    .nullable()
    // Zod runs these checks on input that failed the type check too: each looks only at what it can judge.
    .refine((t) => !Array.isArray(t) || t.length <= TIER_NAMES.length, TIER_MESSAGES[voice].list)
    .refine((t) => !isNumbers(t) || t.every((v, i) => i === 0 || v > t[i - 1]), TIER_MESSAGES[voice].order)
    .transform((t) => (t && t.length ? t : null));

const isNumbers = (t: unknown): t is number[] => Array.isArray(t) && t.every((v) => typeof v === "number");
const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 100;

/** A maximum below the minimum could never be met: said on the maximum, where it is set. */
function attemptsRule(v: { min_attempts?: number; max_attempts?: number | null }, ctx: z.RefinementCtx) {
  if (!isCount(v.max_attempts) || !isCount(v.min_attempts) || v.max_attempts >= v.min_attempts) return;
  ctx.addIssue({
    code: "custom",
    path: ["max_attempts"],
    message: `Maximum attempts (${v.max_attempts}) must be at least the minimum attempts (${v.min_attempts})`,
  });
}

const groupIds = z
  .array(id("group_ids item"), { error: "group_ids must be a list of group ids" })
  .max(500, "At most 500 groups")
  .transform(uniqueIds);

const dueAt = (voice: Voice) => z.iso.datetime({ offset: true, error: DUE_AT[voice] }).transform((v) => new Date(v));

/** No groups means everyone in the organisation. */
const createFields = (voice: Voice) =>
  z.object({
    schema_id: id("schema_id", "Choose a roleplay"),
    group_ids: groupIds.default([]),
    due_at: dueAt(voice),
    pass_mark: passMark.optional(),
    min_attempts: minAttempts.default(1),
    tiers: tiers(voice)
      .optional()
      .transform((t) => t ?? null),
    max_attempts: maxAttempts.optional().transform((m) => m ?? null),
    counts: counts.default("best"),
  });

/** Any subset of the fields. */
const updateFields = (voice: Voice) =>
  z.object({
    schema_id: id("schema_id", "Choose a roleplay").optional(),
    group_ids: groupIds.optional(),
    due_at: dueAt(voice).optional(),
    pass_mark: passMark.optional(),
    min_attempts: minAttempts.optional(),
    tiers: tiers(voice).optional(),
    max_attempts: maxAttempts.optional(),
    counts: counts.optional(),
  });
const somethingToChange = (v: object) => Object.values(v).some((x) => x !== undefined);

/** POST /api/organization/assignments. */
export const createAssignmentSchema = createFields("api").superRefine(attemptsRule);
/** PUT /api/organization/assignments/{id}. */
export const updateAssignmentSchema = updateFields("api")
  .refine(somethingToChange, { error: "Nothing to change" })
  .superRefine(attemptsRule);

/** The assignment forms: the same rules, with messages that name the picker rather than the format. */
export const createAssignmentFormSchema = createFields("form").superRefine(attemptsRule);
export const updateAssignmentFormSchema = updateFields("form")
  .extend({ assignment_id: id("assignment_id") })
  .superRefine(attemptsRule);

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

type CreateOutput = z.output<typeof createAssignmentSchema>;
/** What the service takes: the schema's output, with the optional limits left to their defaults. */
export type CreateAssignmentInput = Omit<CreateOutput, "tiers" | "max_attempts" | "counts"> &
  Partial<Pick<CreateOutput, "tiers" | "max_attempts" | "counts">>;
export type UpdateAssignmentInput = z.output<typeof updateAssignmentSchema>;
export type ReviewInput = z.output<typeof reviewSchema>;
