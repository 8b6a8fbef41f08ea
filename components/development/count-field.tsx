"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type Props = {
  id: string;
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  /** The spec's bounds and fallback, applied when the field loses focus. */
  clamp: (raw: string) => number;
};

/** A seed count: typed freely, clamped to its bounds on blur (the server checks them too). */
export function CountField({ id, label, max, value, onChange, clamp }: Props) {
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onChange(String(clamp(value)))}
      />
    </div>
  );
}
