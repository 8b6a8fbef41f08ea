"use server";

import { revalidatePath } from "next/cache";

import { userAction } from "@/lib/actions";
import { autogenerateFormSchema, roleplayFormSchema, roleplayIdSchema } from "@/lib/validations/roleplay";

import { autogenerateRoleplay } from "./autogenerate";
import { createRoleplay, deleteRoleplay, updateRoleplay } from "./service";

/** The nested form travels as one JSON field; the roleplay it targets (edit mode) as another. */
function readRoleplayForm(fd: FormData): unknown {
  const payload = fd.get("payload");
  const roleplayId = fd.get("schema_id");
  return {
    ...(typeof payload === "string" ? (JSON.parse(payload) as object) : {}),
    ...(roleplayId === null ? {} : { schema_id: roleplayId }),
  };
}

/** The pages that list roleplays. The form itself waits on its success message before going to the dashboard. */
function revalidateRoleplayPages() {
  for (const path of ["/dashboard", "/organization", "/development"]) revalidatePath(path);
}

/** Field errors keyed by the full path (the form is nested); the spec's own text for an unexpected failure. */
const options = (fallback: string) => ({ errorsBy: "path" as const, fallback });

export const createRoleplayAction = userAction(
  roleplayFormSchema,
  async (payload, user) => {
    const { id } = await createRoleplay(user, payload);
    revalidateRoleplayPages();
    return { success: id };
  },
  { role: "admin", read: readRoleplayForm, ...options("Failed to create schema") },
);

export const updateRoleplayAction = userAction(
  roleplayFormSchema.extend(roleplayIdSchema.shape),
  async ({ schema_id, ...payload }, user) => {
    const { id } = await updateRoleplay(user, schema_id, payload);
    revalidateRoleplayPages();
    return { success: id };
  },
  { role: "admin", read: readRoleplayForm, ...options("Failed to update schema") },
);

/**
 * The form always deletes softly. No revalidation here: it would re-render the
 * edit page, whose roleplay is gone, under the success message; the dashboard it goes to is rendered afresh.
 */
export const deleteRoleplayAction = userAction(
  roleplayIdSchema,
  async ({ schema_id }, user) => {
    const { id } = await deleteRoleplay(user, schema_id, { soft: true });
    return { success: id };
  },
  { role: "admin", read: readRoleplayForm, ...options("Failed to delete schema") },
);

/** In edit mode (schema_id) the same roleplay gets a regenerated persona. */
export const autogenerateRoleplayAction = userAction(
  autogenerateFormSchema,
  async (input, user) => {
    const { id } = await autogenerateRoleplay(user, input);
    revalidateRoleplayPages();
    return { success: id };
  },
  {
    role: "developer",
    action: "auto-generate schemas",
    read: readRoleplayForm,
    ...options("Failed to auto-generate schema"),
  },
);
