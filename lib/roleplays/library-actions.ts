"use server";

import { revalidatePath } from "next/cache";

import { userAction } from "@/lib/actions";
import { addFromLibrarySchema } from "@/lib/validations/library";

import { addFromLibrary } from "./library-service";

/** The library's Add button: the same rules and service as POST /api/organization/library. */
export const addFromLibraryAction = userAction(
  addFromLibrarySchema,
  async (input, user) => {
    const { id } = await addFromLibrary(user, input);
    for (const path of ["/organization/library", "/organization", "/dashboard"]) revalidatePath(path);
    return { success: id };
  },
  { role: "admin", fallback: "Could not add the roleplay. Please try again." },
);
