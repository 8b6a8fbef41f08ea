import { z } from "zod";

import { routeId, text } from "./common";

/** Comments and reasons are stored as written: no NUL, no lone surrogates. */
const storable = (label: string, max: number) =>
  text(label, max, { typeError: `${label} is required` })
    .min(1, `${label} is required`)
    .refine((s) => !s.includes("\u0000") && s.isWellFormed(), `${label} contains characters that cannot be stored`);

export const MAX_COMMENT_CHARS = 2000;
export const MAX_REASON_CHARS = 1000;
const SCORE_RULE = "Score must be a whole number from 0 to 100";

/** POST /api/organization/grades/{id}/comments: a comment on one turn, named by its number in the transcript. */
export const createCommentSchema = z.object({
  turn_seq: z.int("turn_seq must be a whole number").min(0, "turn_seq must be 0 or more"),
  body: storable("Comment", MAX_COMMENT_CHARS),
});

/** PATCH /api/organization/grades/{id}/comments/{commentId}. */
export const updateCommentSchema = z.object({ body: storable("Comment", MAX_COMMENT_CHARS) });

/** PUT /api/organization/grades/{id}/criteria/{criterionId}: a score (null clears the override) and why. */
export const criterionOverrideSchema = z.object({
  score: z.int(SCORE_RULE).min(0, SCORE_RULE).max(100, SCORE_RULE).nullable(),
  reason: storable("Reason", MAX_REASON_CHARS),
});

export const commentParams = z.object({
  conversationId: routeId("Conversation"),
  commentId: routeId("Comment"),
});

/** A criterion id as scorecards spell it; anything else names no criterion (404). */
export const criterionParams = z.object({
  conversationId: routeId("Conversation"),
  criterionId: z.string({ error: "Criterion not found" }).regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, "Criterion not found"),
});

export type CreateCommentInput = z.output<typeof createCommentSchema>;
export type UpdateCommentInput = z.output<typeof updateCommentSchema>;
export type CriterionOverrideInput = z.output<typeof criterionOverrideSchema>;
