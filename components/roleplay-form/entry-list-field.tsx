"use client";

import { Plus, X } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

import { FieldError, useFieldError } from "./field-error";
import type { FormValues } from "./form-values";

type Props = {
  id: string;
  name: "schema_data.persona.pain_points" | "schema_data.persona.goals";
  label: string;
  singular: string;
  disabled?: boolean;
};

/** Pain points and goals: entries can be added and removed, but the last one stays. */
export function EntryListField({ id, name, label, singular, disabled }: Props) {
  const { control, register } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = useFieldError(name);
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">
        {label}
        <span className="ml-2 text-destructive" aria-hidden>
          *
        </span>
      </legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex gap-2">
          <Input
            id={`${id}-${index}`}
            aria-label={`${singular} ${index + 1}`}
            required={index === 0}
            maxLength={500}
            disabled={disabled}
            aria-invalid={error && index === 0 ? true : undefined}
            aria-describedby={errorId}
            {...register(`${name}.${index}.value`)}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`}
            disabled={disabled || fields.length === 1}
            onClick={() => remove(index)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={disabled || fields.length >= 20}
        onClick={() => append({ value: "" }, { shouldFocus: false })}
      >
        <Plus aria-hidden /> Add {singular.toLowerCase()}
      </Button>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
