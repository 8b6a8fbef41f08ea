"use server";

import { ZodError, type z } from "zod";
import { assertSaneJson } from "@/lib/api/body";
import { currentUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { actionErrorMessage, fieldErrorsOf, type ActionState } from "@/lib/actions";
import { logError } from "@/lib/db-errors";
import { AppError, isDatabaseUnavailable } from "@/lib/errors";
import { autogenerateSchema } from "@/lib/schemas/autogenerate";
import { createSchema, deleteSchema, updateSchema } from "@/lib/schemas/service";
import { autogeneratePayloadSchema, schemaPayloadSchema } from "@/lib/validations/schema";

/**
 * Runs one schema action and answers the app's one ActionState shape: `success` carries the
 * schema id, `fieldErrors` are keyed by the full path (the persona form is nested).
 */
async function run(fallback: string, fn: (user: SessionUser) => Promise<{ id: string }>): Promise<ActionState> {
  try {
    const user = await currentUser();
    if (!user) return { error: "Your session has ended. Please sign in again." };
    const { id } = await fn(user);
    return { success: id };
  } catch (err) {
    if (err instanceof ZodError) {
      return { error: err.issues.map((i) => i.message).join(", "), fieldErrors: fieldErrorsOf(err, "path") };
    }
    if (err instanceof AppError || isDatabaseUnavailable(err)) return { error: actionErrorMessage(err) };
    logError(`workspace: ${fallback}`, err);
    return { error: fallback };
  }
}

/** The same guard as JSON bodies (NUL, broken Unicode, depth), then the shared zod schema. */
function checked<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertSaneJson(input);
  return schema.parse(input);
}

export async function createSchemaAction(input: unknown): Promise<ActionState> {
  return run("Failed to create schema", (user) => createSchema(user, checked(schemaPayloadSchema, input)));
}

export async function updateSchemaAction(schemaId: string, input: unknown): Promise<ActionState> {
  return run("Failed to create schema", (user) => updateSchema(user, String(schemaId), checked(schemaPayloadSchema, input)));
}

/** The form always deletes softly (spec section 7). */
export async function deleteSchemaAction(schemaId: string): Promise<ActionState> {
  return run("Failed to delete schema", (user) => deleteSchema(user, String(schemaId), { soft: true }));
}

export async function autogenerateSchemaAction(input: unknown): Promise<ActionState> {
  return run("Failed to auto-generate schema", (user) => autogenerateSchema(user, checked(autogeneratePayloadSchema, input)));
}
