import { z } from "zod";

/** "Sync roster" for one of the organisation's LMS courses. */
export const rosterSyncSchema = z.object({ course_id: z.uuid({ error: "course_id must be a course id" }) });

/** Failed scores back in the queue: one course's, or (no course) every course's. */
// Strict: a body of other fields is a mistake (a typo of course_id would otherwise retry every course).
export const scoreRetrySchema = z
  .object({ course_id: z.uuid({ error: "course_id must be a course id" }).optional() })
  .strict();

export const scoreSendsQuery = z.object({ status: z.enum(["pending", "sent", "failed"]).optional() });
