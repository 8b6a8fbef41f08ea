"use client";

import { Plus, RotateCcw, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { MEASURE_LABELS, MEASURES, SCENARIO_KIND_LABELS, SCENARIO_KINDS, type ScenarioKind } from "@/lib/validations/scorecard";
import { criterionValues, type FormValues } from "./form-values";

type Grading = Pick<FormValues, "scenario" | "scorecard">;
type Props = { value: Grading; onChange: (value: Grading) => void; errors: Record<string, string>; disabled: boolean };

const selectClass =
  "h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 sm:h-9";
const err = (errors: Record<string, string>, key: string) =>
  errors[`schema_data.${key}`] ?? Object.entries(errors).find(([k]) => k.startsWith(`schema_data.${key}.`))?.[1];

const isDefault = (g: Grading) => JSON.stringify(g.scorecard.criteria) === JSON.stringify(criterionValues(DEFAULT_SCORECARDS[g.scenario.kind].criteria));

/** What kind of conversation this is, and how it is graded: weighted criteria and a pass mark. */
export function ScorecardSection({ value, onChange, errors, disabled }: Props) {
  const { scenario, scorecard } = value;
  const total = scorecard.criteria.reduce((s, c) => s + (Number(c.weight) || 0), 0);
  const setCriteria = (criteria: Grading["scorecard"]["criteria"]) => onChange({ ...value, scorecard: { ...scorecard, criteria } });
  const setKind = (kind: ScenarioKind) => {
    // A scorecard nobody customised follows the kind; a customised one is kept.
    const criteria = isDefault(value) ? criterionValues(DEFAULT_SCORECARDS[kind].criteria) : scorecard.criteria;
    onChange({ scenario: { ...scenario, kind }, scorecard: { ...scorecard, criteria } });
  };
  const patch = (i: number, p: Partial<Grading["scorecard"]["criteria"][number]>) =>
    setCriteria(scorecard.criteria.map((c, j) => (j === i ? { ...c, ...p } : c)));
  const newId = () => {
    let n = scorecard.criteria.length + 1;
    while (scorecard.criteria.some((c) => c.id === `criterion-${n}`)) n++;
    return `criterion-${n}`;
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">4. Scenario and Scorecard</h2>
        </CardTitle>
        <CardDescription>
          What the learner practises, and what a good conversation looks like. The grade is built up from these criteria,
          weighted; a criterion without a built-in measure is judged from the transcript by the AI grader.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="scenario-kind">Scenario kind</Label>
            <select id="scenario-kind" className={selectClass} value={scenario.kind} disabled={disabled}
              onChange={(e) => setKind(e.target.value as ScenarioKind)}>
              {SCENARIO_KINDS.map((k) => <option key={k} value={k}>{SCENARIO_KIND_LABELS[k]}</option>)}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pass-mark">Pass mark (0-100)</Label>
            <Input id="pass-mark" type="number" inputMode="numeric" min={0} max={100} value={scorecard.pass_mark} disabled={disabled}
              aria-invalid={err(errors, "scorecard.pass_mark") ? true : undefined} aria-describedby="pass-mark-error"
              onChange={(e) => onChange({ ...value, scorecard: { ...scorecard, pass_mark: e.target.value } })} />
            <p id="pass-mark-error" aria-live="polite" className="text-sm text-destructive empty:hidden">{err(errors, "scorecard.pass_mark")}</p>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="scenario-objective">Objective</Label>
          <Textarea id="scenario-objective" rows={2} maxLength={1000} value={scenario.objective} disabled={disabled}
            placeholder="What the learner should achieve in this conversation"
            onChange={(e) => onChange({ ...value, scenario: { ...scenario, objective: e.target.value } })} />
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-medium">
            <span>Criteria <span className="font-normal text-muted-foreground">(total weight {total})</span></span>
          </legend>
          <ol className="grid gap-3">
            {scorecard.criteria.map((c, i) => (
              <li key={i} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_6rem]">
                <div className="grid gap-2">
                  <Label htmlFor={`criterion-${i}-label`}>Criterion {i + 1}</Label>
                  <Input id={`criterion-${i}-label`} value={c.label} maxLength={120} disabled={disabled} required
                    onChange={(e) => patch(i, { label: e.target.value })} />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`criterion-${i}-weight`}>Weight</Label>
                  <Input id={`criterion-${i}-weight`} type="number" inputMode="numeric" min={1} max={100} value={c.weight} disabled={disabled}
                    onChange={(e) => patch(i, { weight: e.target.value })} />
                </div>
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor={`criterion-${i}-measure`}>How it is measured</Label>
                  <select id={`criterion-${i}-measure`} className={selectClass} value={c.measure} disabled={disabled}
                    onChange={(e) => patch(i, { measure: e.target.value })}>
                    <option value="">Judged from the transcript (AI grading)</option>
                    {MEASURES.map((m) => <option key={m} value={m}>{MEASURE_LABELS[m]}</option>)}
                  </select>
                </div>
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor={`criterion-${i}-description`}>What good looks like</Label>
                  <Textarea id={`criterion-${i}-description`} rows={2} maxLength={1000} value={c.description} disabled={disabled}
                    onChange={(e) => patch(i, { description: e.target.value })} />
                </div>
                <div className="sm:col-span-2">
                  <Button type="button" variant="ghost" size="sm" disabled={disabled || scorecard.criteria.length <= 1}
                    aria-label={`Remove criterion ${i + 1}${c.label ? `: ${c.label}` : ""}`}
                    onClick={() => setCriteria(scorecard.criteria.filter((_, j) => j !== i))}>
                    <Trash2 aria-hidden /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          <p aria-live="polite" className="text-sm text-destructive empty:hidden">{err(errors, "scorecard.criteria") ?? err(errors, "scorecard")}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={disabled || scorecard.criteria.length >= 20}
              onClick={() => setCriteria([...scorecard.criteria, { id: newId(), label: "", description: "", weight: "10", measure: "" }])}>
              <Plus aria-hidden /> Add criterion
            </Button>
            <Button type="button" variant="ghost" disabled={disabled || isDefault(value)}
              onClick={() => onChange({ ...value, scorecard: { pass_mark: "70", criteria: criterionValues(DEFAULT_SCORECARDS[scenario.kind].criteria) } })}>
              <RotateCcw aria-hidden /> Use the default scorecard
            </Button>
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
