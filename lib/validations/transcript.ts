import { z } from "zod";

import { scenarioSchema, scorecardSchema } from "./scorecard";

/** A date-time string (ISO 8601, with or without a zone) or seconds / epoch milliseconds; null means untimed. */
const timestamp = z
  .union([
    z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be a date-time such as 2025-03-04T15:00:00Z"),
    z.number().nonnegative(),
  ])
  .nullable()
  .transform((v) => v ?? undefined);

/**
 * A transcript to grade offline (the grading CLI): spec's persona, optional scenario and scorecard,
 * and turns. Turns without timings are typed turns. The persona is read leniently (a transcript
 * from elsewhere may carry only a name); what is there must be well-formed.
 */
export const transcriptInputSchema = z.object({
  name: z.string().max(200).optional(),
  persona: z
    .object({
      name: z.string().trim().min(1).max(120).default("the buyer"),
      role: z.string().max(200).default(""),
      situation: z.string().max(4000).default(""),
      background: z.string().max(4000).default(""),
      pain_points: z.array(z.string().max(500)).max(20).default([]),
      goals: z.array(z.string().max(500)).max(20).default([]),
      close: z.string().max(1000).optional(),
    })
    .passthrough()
    .default({ name: "the buyer", role: "", situation: "", background: "", pain_points: [], goals: [] }),
  scenario: scenarioSchema.optional(),
  scorecard: scorecardSchema.optional(),
  turns: z
    .array(
      z.object({
        speaker: z.enum(["learner", "persona"], { error: 'speaker must be "learner" or "persona"' }),
        text: z.string({ error: "text must be text" }).max(50_000),
        started_at: timestamp.optional(),
        ended_at: timestamp.optional(),
      }),
      { error: "turns must be a list" },
    )
    .max(2000, "At most 2000 turns"),
});
export type TranscriptInput = z.output<typeof transcriptInputSchema>;
