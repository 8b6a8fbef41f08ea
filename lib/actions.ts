import type { z } from "zod";

import { assertSaneJson } from "@/lib/api/body";
import { requireActionUser } from "@/lib/auth/page";
import { assertRole, declareAccess, type Role } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { logScrubbedError } from "@/lib/db-errors";
import { AppError, isDatabaseUnavailable } from "@/lib/errors";

/** The one shape every server action answers with; forms read it through useActionState. */
export type ActionState = {
  error?: string;
  fieldErrors?: Record<string, string[] | undefined>;
  success?: string;
};

const GENERIC_ACTION_ERROR = "Something went wrong. Please try again.";

/** Turns what an action threw into a message that is safe to show; `fallback` stands in for the unknown. */
export function actionErrorMessage(err: unknown, fallback = GENERIC_ACTION_ERROR): string {
  if (err instanceof AppError) return err.message;
  if (isDatabaseUnavailable(err)) return "The service is temporarily unavailable. Please try again shortly.";
  logScrubbedError("action", err);
  return fallback;
}

/** Zod issues by field: the top-level key by default, or the full dotted path for nested forms. */
export function fieldErrorsOf(error: z.ZodError, by: "field" | "path" = "field"): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = by === "path" ? issue.path.map(String).join(".") || "form" : String(issue.path[0] ?? "form");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

type ActionOptions = {
  /** How field errors are keyed: "path" for nested forms (see fieldErrorsOf). */
  errorsBy?: "field" | "path";
  /** The message for an unexpected failure, when the screen has its own. */
  fallback?: string;
};

/**
 * Wraps a server action without declaring who may call it: prefer userAction or publicAction, which
 * do. Reads the FormData into a plain object (`read`), validates
 * it with the shared zod schema, runs `fn`, and maps every failure to ActionState.
 */
function validatedAction<S extends z.ZodType>(
  schema: S,
  fn: (data: z.output<S>, formData: FormData) => Promise<ActionState>,
  read: (formData: FormData) => unknown = (fd) => Object.fromEntries(fd),
  { errorsBy = "field", fallback }: ActionOptions = {},
) {
  return async (_prev: ActionState, formData: FormData): Promise<ActionState> => {
    try {
      const raw = read(formData);
      assertSaneJson(raw); // the same NUL / Unicode / depth guard as JSON bodies
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error, errorsBy) };
      return await fn(parsed.data, formData);
    } catch (err) {
      return { error: actionErrorMessage(err, fallback) };
    }
  };
}

type DeclaredActionOptions = ActionOptions & {
  /** Reads the FormData into the object the schema validates (a plain copy of its fields by default). */
  read?: (formData: FormData) => unknown;
};

/** A server action anyone may call, signed in or not (the waitlist). */
export function publicAction<S extends z.ZodType>(
  schema: S,
  fn: (data: z.output<S>, formData: FormData) => Promise<ActionState>,
  { read, ...options }: DeclaredActionOptions = {},
) {
  return declareAccess(validatedAction(schema, fn, read, options), { role: "public" });
}

/**
 * A server action of a signed-in user holding `role` (lib/auth/roles.ts), as a route declares it
 * with withUser. The form is validated first, then the session is read (an ended one is its
 * message); `developer` is checked here, `admin` and `reviewer` by the service, which knows the
 * organisation.
 */
export function userAction<S extends z.ZodType>(
  schema: S,
  fn: (data: z.output<S>, user: SessionUser, formData: FormData) => Promise<ActionState>,
  { role, action, read, ...options }: DeclaredActionOptions & { role: Role; action?: string },
) {
  const run = async (data: z.output<S>, formData: FormData) => {
    const user = await requireActionUser();
    if (role === "developer") assertRole(user, role, null, action);
    return fn(data, user, formData);
  };
  return declareAccess(validatedAction(schema, run, read, options), { role });
}
