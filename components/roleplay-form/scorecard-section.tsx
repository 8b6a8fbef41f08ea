"use client";

import { CircleAlert, CircleCheck, Plus, RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { cn } from "@/lib/utils";
import {
  SCENARIO_KIND_LABELS,
  SCENARIO_KINDS,
  type ScenarioKind,
  WEIGHT_TOTAL,
  weightTotal,
} from "@/lib/validations/scorecard-terms";

import { CriterionFields, selectClass } from "./criterion-fields";
import { FieldError, useFieldError } from "./field-error";
import { type CriterionValues, criterionValues, type FormValues } from "./form-values";

const CRITERIA = "schema_data.scorecard.criteria";
const defaults = (kind: ScenarioKind) => criterionValues(DEFAULT_SCORECARDS[kind].criteria);
const isDefault = (kind: ScenarioKind, criteria: CriterionValues[]) =>
  JSON.stringify(criteria) === JSON.stringify(defaults(kind));

/** The running total, in words as well as colour: what is missing or over, or that it adds up. */
function WeightTotal({ total }: { total: number }) {
  const off = total - WEIGHT_TOTAL;
  const Icon = off ? CircleAlert : CircleCheck;
  return (
    <p
      role="status"
      data-testid="weight-total"
      className={cn(
        "sticky bottom-0 z-10 flex items-center gap-2 rounded-md border bg-background/95 px-3 py-2 text-sm shadow-xs backdrop-blur",
        off ? "border-destructive/40 text-destructive" : "text-muted-foreground",
      )}
    >
      <Icon aria-hidden className={cn("size-4 shrink-0", off ? "" : "text-success")} />
      <span>
        Total weight <strong className="tabular-nums">{total}</strong> of {WEIGHT_TOTAL}
        {off > 0 ? `: ${off} too many` : off < 0 ? `: ${-off} still to give` : ""}
      </span>
    </p>
  );
}

/** What kind of conversation this is, and how it is graded: weighted criteria and a pass mark. */
export function ScorecardSection({ disabled, aiGrading }: { disabled: boolean; aiGrading: boolean }) {
  const { control, register, setValue, trigger } = useFormContext<FormValues>();
  const { isSubmitted } = useFormState({ control });
  const { fields, append, remove, replace } = useFieldArray({ control, name: CRITERIA });
  const [kind, criteria] = useWatch({ control, name: ["schema_data.scenario.kind", CRITERIA] });
  const passMarkError = useFieldError("schema_data.scorecard.pass_mark");
  const listError = useFieldError(CRITERIA);
  const total = weightTotal(criteria);
  // After a refused save the list's own error follows the total (a weight's change checks only that weight).
  useEffect(() => {
    if (isSubmitted) void trigger(CRITERIA);
  }, [total, isSubmitted, trigger]);
  // Offline, a scorecard with no built-in measure scores every call 0 (lib/grading/scorecard.ts).
  const nothingScored = !aiGrading && criteria.every((c) => !c.measure);
  const newId = () => {
    let n = criteria.length + 1;
    while (criteria.some((c) => c.id === `criterion-${n}`)) n++;
    return `criterion-${n}`;
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">4. Scenario and Scorecard</h2>
        </CardTitle>
        <CardDescription>
          What the learner practises, and what a good conversation looks like. The grade is built up from these
          criteria, weighted to total {WEIGHT_TOTAL}; a criterion without a built-in measure is judged from the
          transcript by the AI grader{aiGrading ? "" : ", which is not configured on this server"}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="scenario-kind">Scenario kind</Label>
            <Controller
              control={control}
              name="schema_data.scenario.kind"
              render={({ field }) => (
                <select
                  id="scenario-kind"
                  className={selectClass}
                  value={field.value}
                  disabled={disabled}
                  onChange={(e) => {
                    const next = e.target.value as ScenarioKind;
                    // A scorecard nobody customised follows the kind; a customised one is kept.
                    if (isDefault(field.value, criteria)) replace(defaults(next));
                    field.onChange(next);
                  }}
                >
                  {SCENARIO_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {SCENARIO_KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              )}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pass-mark">Pass mark (0-100)</Label>
            <Input
              id="pass-mark"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              disabled={disabled}
              aria-invalid={passMarkError ? true : undefined}
              aria-describedby="pass-mark-error"
              {...register("schema_data.scorecard.pass_mark")}
            />
            <FieldError id="pass-mark-error" message={passMarkError} />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="scenario-objective">Objective</Label>
          <Textarea
            id="scenario-objective"
            rows={2}
            maxLength={1000}
            disabled={disabled}
            placeholder="What the learner should achieve in this conversation"
            {...register("schema_data.scenario.objective")}
          />
        </div>

        <fieldset className="grid gap-3" aria-describedby="criteria-error">
          <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-medium">
            <span>
              Criteria <span className="font-normal text-muted-foreground">(weights are shares of the score)</span>
            </span>
          </legend>
          <ol className="grid gap-3">
            {fields.map((field, i) => (
              <CriterionFields
                key={field.id}
                index={i}
                label={criteria[i]?.label ?? ""}
                canRemove={fields.length > 1}
                onRemove={() => remove(i)}
                disabled={disabled}
                aiGrading={aiGrading}
              />
            ))}
          </ol>
          <WeightTotal total={total} />
          <FieldError id="criteria-error" message={listError} />
          {nothingScored ? (
            <Alert variant="warning" role="note">
              <CircleAlert aria-hidden />
              <AlertDescription>
                Every criterion needs AI grading and no model is configured, so every call would score 0. Give at least
                one criterion a built-in measure.
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={disabled || fields.length >= 20}
              onClick={() =>
                append({ id: newId(), label: "", description: "", weight: "10", measure: "" }, { shouldFocus: false })
              }
            >
              <Plus aria-hidden /> Add criterion
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={disabled || isDefault(kind, criteria)}
              onClick={() => {
                setValue("schema_data.scorecard.pass_mark", "70");
                replace(defaults(kind));
              }}
            >
              <RotateCcw aria-hidden /> Use the default scorecard
            </Button>
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
