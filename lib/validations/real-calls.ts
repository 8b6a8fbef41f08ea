import { z } from "zod";

import { optionalText, uuid } from "./common";

/** Characters of a transcript's text in a request (the parser refuses files over its byte limit with 413). */
const MAX_TRANSCRIPT_CHARS = 600_000;
/** Bytes of a request body: the transcript's text escaped as JSON, and the choices. */
export const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

/** Step 1: the file's text and name, read to show the speakers found. */
export const realCallPreviewSchema = z.object({
  content: z.string({ error: "content must be the transcript's text" }).max(MAX_TRANSCRIPT_CHARS, {
    error: "The transcript is too large",
  }),
  filename: optionalText("filename", 200),
});

/** Step 2: the same text again, who the learner is among its speakers, and the scorecard's roleplay. */
export const realCallCreateSchema = realCallPreviewSchema.extend({
  learner_label: z
    .string({ error: "Choose which speaker is the learner" })
    .trim()
    .min(1, {
      error: "Choose which speaker is the learner",
    })
    .max(60),
  roleplay_id: uuid("roleplay_id", "Choose a roleplay whose scorecard applies"),
  /** An admin uploading for a learner of their organisation; omitted: the caller's own call. */
  learner_id: uuid("learner_id", "learner_id must be a user id").optional(),
});

export type RealCallPreviewInput = z.output<typeof realCallPreviewSchema>;
export type RealCallCreateInput = z.output<typeof realCallCreateSchema>;
