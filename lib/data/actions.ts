"use server";

import { revalidatePath } from "next/cache";

import { validatedAction } from "@/lib/actions";
import { requireActionUser } from "@/lib/auth/page";
import { deleteLearnerSchema, retentionFormSchema } from "@/lib/validations/data-rights";

import { deleteLearner } from "./erasure";
import { setRetention } from "./retention";

/** The data page's retention form: the same service as PUT /api/organization/retention. */
export const setRetentionAction = validatedAction(retentionFormSchema, async (input) => {
  const { retention_days } = await setRetention(await requireActionUser(), input);
  revalidatePath("/organization/data");
  return {
    success:
      retention_days === null
        ? "Transcripts are now kept until someone deletes them"
        : `Transcripts are now deleted ${retention_days} ${retention_days === 1 ? "day" : "days"} after a call ends`,
  };
});

/** The data page's delete button: the same service as DELETE /api/organization/users/{id}. */
export const deleteLearnerAction = validatedAction(
  deleteLearnerSchema,
  async ({ user_id }) => {
    const result = await deleteLearner(await requireActionUser(), user_id);
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
  undefined,
  { fallback: "Could not delete the learner" },
);
