import { z } from "zod";

import { routeId, uuid as id } from "./common";

const MAX_JOIN_CODE_USES = 10_000;
const USES_RULE = `Maximum uses must be a whole number from 1 to ${MAX_JOIN_CODE_USES}`;
const YEAR_MS = 366 * 86_400_000;

const expiresAt = z.iso
  .datetime({ offset: true, error: "Choose when the code expires" })
  .transform((v) => new Date(v))
  .refine((d) => d.getTime() > Date.now(), "The expiry must be in the future")
  .refine((d) => d.getTime() <= Date.now() + YEAR_MS, "A code can last at most a year");

/**
 * POST /api/organization/join-codes: every field optional (no group: the organisation only; no expiry
 * or maximum: until revoked). Unknown fields are refused so a typo never makes an unlimited code.
 */
export const createJoinCodeSchema = z.strictObject(
  {
    group_id: id("group_id", "Choose a group of this organization").nullish(),
    expires_at: expiresAt.nullish(),
    max_uses: z.int(USES_RULE).min(1, USES_RULE).max(MAX_JOIN_CODE_USES, USES_RULE).nullish(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);

export const joinCodeParams = z.object({ id: routeId("Join code") });

/** POST /api/protected/join-organization and the dashboard's form: the code as the learner typed it. */
export const joinOrganizationSchema = z.object({
  code: z
    .string({ error: "Enter the code from your instructor" })
    .trim()
    .min(1, "Enter the code from your instructor")
    .max(64, "That is longer than any join code"),
});

export type CreateJoinCodeInput = z.output<typeof createJoinCodeSchema>;
