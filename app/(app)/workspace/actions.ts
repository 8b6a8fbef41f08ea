"use server";

import { ZodError, type z } from "zod";
import { assertSaneJson } from "@/lib/api/body";
import { currentUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { autogenerateSchema } from "@/lib/schemas/autogenerate";
import { createSchema, deleteSchema, updateSchema } from "@/lib/schemas/service";
import { autogeneratePayloadSchema, schemaPayloadSchema } from "@/lib/validations/schema";

/** What every schema action answers; the form shows `error` in an alert and `fieldErrors` under fields. */
export type ActionState = { error?: string; fieldErrors?: Record<string, string>; success?: boolean; schemaId?: string };

async function run(fallback: string, fn: (user: SessionUser) => Promise<{ id: string }>): Promise<ActionState> {
  try {
    const user = await currentUser();
    if (!user) return { error: "Your session has ended. Please sign in again." };
    const { id } = await fn(user);
    return { success: true, schemaId: id };
  } catch (err) {
    if (err instanceof ZodError) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
      return { error: err.issues.map((i) => i.message).join(", "), fieldErrors };
    }
    if (err instanceof AppError) return { error: err.message };
    console.error(`[workspace] ${fallback}:`, err);
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
