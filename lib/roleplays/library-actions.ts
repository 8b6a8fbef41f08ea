"use server";

import { revalidatePath } from "next/cache";

import { validatedAction } from "@/lib/actions";
import { requireActionUser } from "@/lib/auth/page";
import { addFromLibrarySchema } from "@/lib/validations/library";

import { addFromLibrary } from "./library-service";

/** The library's Add button: the same rules and service as POST /api/organization/library. */
export const addFromLibraryAction = validatedAction(
  addFromLibrarySchema,
  async (input) => {
    const { id } = await addFromLibrary(await requireActionUser(), input);
    for (const path of ["/organization/library", "/organization", "/dashboard"]) revalidatePath(path);
    return { success: id };
  },
  undefined,
  { fallback: "Could not add the roleplay. Please try again." },
);
