"use client";

import { useFormContext } from "react-hook-form";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import type { SeedFormValues } from "./seed-form-state";
import { useSeedError } from "./use-seed-error";

type CountName = "num_users" | "num_admins" | `groups.${number}.num_users` | `groups.${number}.num_admins`;
type Props = {
  id: string;
  name: CountName;
  label: string;
  max: number;
  /** The spec's bounds and fallback, applied when the field loses focus. */
  clamp: (raw: string) => number;
};

/** A seed count: typed freely, clamped to its bounds on blur (the server checks them too). */
export function CountField({ id, name, label, max, clamp }: Props) {
  const { register, setValue } = useFormContext<SeedFormValues>();
  const error = useSeedError(name);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label} (0-{max})
      </Label>
      <Input
        id={id}
        type="number"
        min={0}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        {...register(name, {
          onBlur: (e: React.FocusEvent<HTMLInputElement>) => setValue(name, String(clamp(e.target.value))),
        })}
      />
      <p id={`${id}-error`} className="text-sm text-destructive empty:hidden" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
