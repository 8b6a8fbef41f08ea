"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import type { WaitlistInterest } from "@/lib/validations/waitlist";

const INTEREST_LABELS: Record<WaitlistInterest, string> = {
  sales: "Sales training",
  interviews: "Interview practice",
  presentations: "Presentations and pitches",
  "customer-service": "Customer service",
  legal: "Legal practice",
  therapy: "Therapy and counseling",
  "team-training": "Team training",
  other: "Other",
};

type Props = { other: boolean; onOtherChange: (checked: boolean) => void; errors?: string[] };

export function WaitlistInterests({ other, onOtherChange, errors }: Props) {
  return (
    <fieldset className="space-y-3" aria-describedby="interests-error">
      <legend className="text-sm font-medium">What would you like to practise?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {Object.entries(INTEREST_LABELS).map(([id, label]) => (
          <div
            key={id}
            className="flex items-center gap-3 rounded-md border bg-background px-3 py-2.5 transition-colors has-[[data-state=checked]]:border-primary/50 has-[[data-state=checked]]:bg-accent/60"
          >
            <Checkbox
              id={id}
              name="interests"
              value={id}
              {...(id === "other" ? { checked: other, onCheckedChange: (v) => onOtherChange(v === true) } : {})}
            />
            <Label htmlFor={id} className="flex-1 cursor-pointer font-normal">
              {label}
            </Label>
          </div>
        ))}
      </div>
      <FieldError id="interests-error" errors={errors} />
    </fieldset>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite" aria-atomic="true" className="text-sm text-destructive empty:hidden">
      {errors?.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
