"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { userAction } from "@/lib/actions";
import { routeId } from "@/lib/validations/common";

import { retryGrading } from "./service";

/** The grade page's Retry grading button: the same service as POST /api/protected/grades/{id}/retry. */
export const retryGradingAction = userAction(
  z.object({ conversation_id: routeId("Conversation") }),
  async ({ conversation_id }, user) => {
    await retryGrading(user, conversation_id);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: "Grading queued" };
  },
  { role: "user", fallback: "Failed to retry grading" },
);
