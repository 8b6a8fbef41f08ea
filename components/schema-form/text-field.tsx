"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
};

/** A labelled input or text area with its error under it, announced to screen readers. */
export function TextField({ id, label, value, onChange, error, required, multiline, ...rest }: Props) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    value,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...rest,
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-destructive" aria-hidden>*</span> : null}
      </Label>
      {multiline ? (
        <Textarea {...shared} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...shared} onChange={(e) => onChange(e.target.value)} />
      )}
      <p id={errorId} aria-live="polite" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
