import { z } from "zod";

import { uuid as id } from "./common";

/** GET /api/organization/progress: one learner, one group, or (neither) the whole organisation. */
export const progressQuerySchema = z
  .object({
    user_id: id("user_id").optional(),
    group_id: id("group_id").optional(),
  })
  .refine((q) => !(q.user_id && q.group_id), { error: "Give user_id or group_id, not both" });

export type ProgressQuery = z.output<typeof progressQuerySchema>;
