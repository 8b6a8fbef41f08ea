"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { validatedAction } from "@/lib/actions";
import { requireActionUser } from "@/lib/auth/page";
import { routeId } from "@/lib/validations/common";

import { retryGrading } from "./service";

/** The grade page's Retry grading button: the same service as POST /api/protected/grades/{id}/retry. */
export const retryGradingAction = validatedAction(
  z.object({ conversation_id: routeId("Conversation") }),
  async ({ conversation_id }) => {
    await retryGrading(await requireActionUser(), conversation_id);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: "Grading queued" };
  },
  undefined,
  { fallback: "Failed to retry grading" },
);
