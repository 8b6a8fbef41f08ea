"use client";

import { type Control, type FieldPath, get, useFormState } from "react-hook-form";

import type { SeedFormValues } from "./seed-form-state";

/**
 * The first message for a seed field; a list's own error sits under `root` when it comes from the resolver.
 * `control` is needed only outside the FormProvider (in the component that creates the form).
 */
export function useSeedError(name: FieldPath<SeedFormValues>, control?: Control<SeedFormValues>): string | undefined {
  const { errors } = useFormState<SeedFormValues>({ name, control });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}
