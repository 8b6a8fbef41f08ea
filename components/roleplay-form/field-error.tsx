"use client";

import { type FieldPath, get, useFormState } from "react-hook-form";

import { FieldMessage } from "@/components/ui/field-message";

import type { FormValues } from "./form-values";

/** The first message for a field; a list's own error sits under `root` when it comes from the resolver. */
export function useFieldError(name: FieldPath<FormValues>): string | undefined {
  const { errors } = useFormState<FormValues>({ name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** Under its field, announced when it changes; the field points at it with aria-describedby. */
export const FieldError = FieldMessage;
