"use server";

import { revalidatePath } from "next/cache";

import { userAction } from "@/lib/actions";
import { deleteLearnerSchema, retentionFormSchema } from "@/lib/validations/data-rights";

import { deleteLearner } from "./erasure";
import { setRetention } from "./retention";

/** The data page's retention form: the same service as PUT /api/organization/retention. */
export const setRetentionAction = userAction(
  retentionFormSchema,
  async (input, user) => {
    const { retention_days } = await setRetention(user, input);
    revalidatePath("/organization/data");
    return {
      success:
        retention_days === null
          ? "Transcripts are now kept until someone deletes them"
          : `Transcripts are now deleted ${retention_days} ${retention_days === 1 ? "day" : "days"} after a call ends`,
    };
  },
  { role: "admin" },
);

/** The data page's delete button: the same service as DELETE /api/organization/users/{id}. */
export const deleteLearnerAction = userAction(
  deleteLearnerSchema,
  async ({ user_id }, user) => {
    const result = await deleteLearner(user, user_id);
    revalidatePath("/organization/data");
    revalidatePath("/organization");
    const calls = `${result.deleted_conversations} ${result.deleted_conversations === 1 ? "call" : "calls"}`;
    return {
      success:
        result.scope === "account"
          ? `Deleted the account and ${calls}`
          : `Removed from this organization with ${calls}; their account stays for their other organization`,
    };
  },
  { role: "admin", fallback: "Could not delete the learner" },
);
