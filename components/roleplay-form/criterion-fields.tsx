"use client";

import { CircleAlert, Trash2 } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MEASURE_LABELS, MEASURES } from "@/lib/validations/scorecard-terms";

import { FieldError, useFieldError } from "./field-error";
import type { FormValues } from "./form-values";

export const selectClass =
  "h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 sm:h-9";

const AI_JUDGED = "Judged from the transcript (AI grading)";

type Props = {
  index: number;
  label: string;
  canRemove: boolean;
  onRemove: () => void;
  disabled: boolean;
  /** A model is configured: criteria judged from the transcript are scored. */
  aiGrading: boolean;
};

/** One weighted criterion of the scorecard. */
export function CriterionFields({ index: i, label, canRemove, onRemove, disabled, aiGrading }: Props) {
  const { control, register } = useFormContext<FormValues>();
  const name = `schema_data.scorecard.criteria.${i}` as const;
  const measure = useWatch({ control, name: `${name}.measure` });
  const unscored = !aiGrading && !measure;
  const id = (field: string) => `criterion-${i}-${field}`;
  const labelError = useFieldError(`${name}.label`);
  const weightError = useFieldError(`${name}.weight`);
  return (
    <li className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_6rem]">
      <div className="grid gap-2">
        <Label htmlFor={id("label")}>Criterion {i + 1}</Label>
        <Input
          id={id("label")}
          maxLength={120}
          disabled={disabled}
          required
          aria-invalid={labelError ? true : undefined}
          aria-describedby={id("label-error")}
          {...register(`${name}.label`)}
        />
        <FieldError id={id("label-error")} message={labelError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id("weight")}>Weight</Label>
        <Input
          id={id("weight")}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          disabled={disabled}
          aria-invalid={weightError ? true : undefined}
          aria-describedby={id("weight-error")}
          {...register(`${name}.weight`)}
        />
        <FieldError id={id("weight-error")} message={weightError} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={id("measure")}>How it is measured</Label>
        <select
          id={id("measure")}
          className={selectClass}
          disabled={disabled}
          aria-describedby={unscored ? id("measure-note") : undefined}
          {...register(`${name}.measure`)}
        >
          <option value="">{AI_JUDGED}</option>
          {MEASURES.map((m) => (
            <option key={m} value={m}>
              {MEASURE_LABELS[m]}
            </option>
          ))}
        </select>
        {unscored ? (
          <Alert variant="warning" role="note" id={id("measure-note")}>
            <CircleAlert aria-hidden />
            <AlertDescription>
              No AI model is configured on this server (ANTHROPIC_API_KEY), so this criterion is not scored: grades mark
              it &ldquo;needs AI grading&rdquo;, leave it out and score the other criteria alone. Choose a built-in
              measure for it to count.
            </AlertDescription>
          </Alert>
        ) : null}
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={id("description")}>What good looks like</Label>
        <Textarea
          id={id("description")}
          rows={2}
          maxLength={1000}
          disabled={disabled}
          {...register(`${name}.description`)}
        />
      </div>
      <div className="sm:col-span-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled || !canRemove}
          aria-label={`Remove criterion ${i + 1}${label ? `: ${label}` : ""}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden /> Remove
        </Button>
      </div>
    </li>
  );
}
