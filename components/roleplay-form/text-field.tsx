"use client";

import { type FieldPath, useFormContext } from "react-hook-form";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

import { FieldError, useFieldError } from "./field-error";
import type { FormValues } from "./form-values";

type Props = {
  id: string;
  name: FieldPath<FormValues>;
  label: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
};

/** A labelled input or text area bound to the form, with its error under it. */
export function TextField({ id, name, label, required, multiline, ...rest }: Props) {
  const { register } = useFormContext<FormValues>();
  const error = useFieldError(name);
  const errorId = `${id}-error`;
  const shared = {
    id,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": errorId,
    ...rest,
    ...register(name),
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        ) : null}
      </Label>
      {multiline ? <Textarea {...shared} rows={3} /> : <Input {...shared} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
