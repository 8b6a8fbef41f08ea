"use client";

import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

type Props = {
  id: string;
  label: string;
  singular: string;
  entries: string[];
  onChange: (entries: string[]) => void;
  error?: string;
  disabled?: boolean;
};

/** Pain points and goals: entries can be added and removed, but the last one stays (spec section 5). */
export function EntryListField({ id, label, singular, entries, onChange, error, disabled }: Props) {
  const errorId = `${id}-error`;
  const set = (index: number, value: string) => onChange(entries.map((e, i) => (i === index ? value : e)));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {label}
        <span className="ml-2 text-destructive" aria-hidden>*</span>
      </legend>
      {entries.map((entry, index) => (
        <div key={index} className="flex gap-2">
          <Input
            id={`${id}-${index}`}
            aria-label={`${singular} ${index + 1}`}
            value={entry}
            required={index === 0}
            maxLength={500}
            disabled={disabled}
            aria-invalid={error && index === 0 ? true : undefined}
            onChange={(e) => set(index, e.target.value)}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`}
            disabled={disabled || entries.length === 1}
            onClick={() => onChange(entries.filter((_, i) => i !== index))}
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
        disabled={disabled || entries.length >= 20}
        onClick={() => onChange([...entries, ""])}
      >
        <Plus aria-hidden /> Add {singular.toLowerCase()}
      </Button>
      <p id={errorId} aria-live="polite" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
