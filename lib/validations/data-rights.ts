import { z } from "zod";

import { uuid } from "./common";

const RETENTION_MESSAGE = "Retention must be a whole number of days from 1 to 3650, or empty to keep transcripts";
const days = z
  .number({ error: RETENTION_MESSAGE })
  .int(RETENTION_MESSAGE)
  .min(1, RETENTION_MESSAGE)
  .max(3650, RETENTION_MESSAGE);

/** PUT /api/organization/retention: days, or null to keep transcripts until someone deletes them. */
export const retentionSchema = z.object({ retention_days: days.nullable() }).strict();

/** The settings form: a blank field keeps transcripts; anything else must read as whole days. */
export const retentionFormSchema = z.object({
  retention_days: z.preprocess((v) => {
    if (typeof v !== "string") return v;
    const t = v.trim();
    return t === "" ? null : /^\d+$/.test(t) ? Number(t) : t;
  }, days.nullable()),
});

export type RetentionInput = z.output<typeof retentionSchema>;

/** GET /api/protected/account/export: the learner's own data as one JSON document or one CSV. */
export const exportFormatSchema = z.object({
  format: z.enum(["json", "csv"], { error: "Format must be json or csv" }).default("json"),
});

const ACTIONS_MESSAGE = "Action must be letters, dots and underscores";

/** GET /api/organization/audit: newest first, 50 a page, optionally one action (or its prefix) or one actor. */
export const auditQuerySchema = z.object({
  page: z.coerce
    .number({ error: "Page must be a number" })
    .int()
    .min(1, "Page must be 1 or more")
    .max(10_000)
    .default(1),
  action: z
    .string()
    .trim()
    .max(64, ACTIONS_MESSAGE)
    .regex(/^[a-z_.]*$/, ACTIONS_MESSAGE)
    .optional()
    .transform((v) => v || undefined),
  actor_id: z
    .union([z.literal(""), uuid("actor_id")])
    .optional()
    .transform((v) => v || undefined),
});

export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The delete-learner form's hidden field. */
export const deleteLearnerSchema = z.object({ user_id: uuid("user_id", "Choose a learner to delete") });
