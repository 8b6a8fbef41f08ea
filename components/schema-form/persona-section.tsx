"use client";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { EntryListField } from "./entry-list-field";
import { COMPANY_FIELDS, PERSONALITY_FIELDS, type FormValues } from "./form-values";
import { TextField } from "./text-field";

type Persona = FormValues["persona"];
type Props = {
  persona: Persona;
  onChange: (persona: Persona) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

const err = (errors: Record<string, string>, field: string) => errors[`schema_data.persona.${field}`];

export function PersonaSection({ persona, onChange, errors, disabled }: Props) {
  const set = <K extends keyof Persona>(key: K, value: Persona[K]) => onChange({ ...persona, [key]: value });
  const text = (key: "name" | "role" | "situation" | "background" | "close", label: string, opts: { multiline?: boolean; required?: boolean; max: number }) => (
    <TextField
      id={`persona-${key}`}
      label={label}
      value={persona[key]}
      onChange={(v) => set(key, v)}
      error={err(errors, key)}
      required={opts.required}
      multiline={opts.multiline}
      maxLength={opts.max}
      disabled={disabled}
    />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">2. Persona Details</h2>
        </CardTitle>
        <CardDescription>Who the learner will talk to, and what is on their mind.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {text("name", "Persona Name", { required: true, max: 120 })}
          {text("role", "Role", { required: true, max: 200 })}
        </div>
        {text("situation", "Situation", { required: true, multiline: true, max: 4000 })}
        {text("background", "Background", { required: true, multiline: true, max: 4000 })}
        <div className="grid gap-5 sm:grid-cols-2">
          <EntryListField id="pain-point" label="Pain Points" singular="Pain point" entries={persona.pain_points}
            onChange={(v) => set("pain_points", v)} error={err(errors, "pain_points")} disabled={disabled} />
          <EntryListField id="goal" label="Goals" singular="Goal" entries={persona.goals}
            onChange={(v) => set("goals", v)} error={err(errors, "goals")} disabled={disabled} />
        </div>
        {text("close", "Close (optional)", { multiline: true, max: 1000 })}
        <fieldset className="grid gap-2" aria-describedby="persona-difficulty-hint">
          <legend className="text-sm font-medium">Difficulty</legend>
          <p id="persona-difficulty-hint" className="text-xs text-muted-foreground">
            How guarded the persona is: how much it volunteers, how soon it raises its concerns, how easily it agrees to the close.
          </p>
          <RadioGroup value={persona.difficulty} onValueChange={(v) => set("difficulty", v as Persona["difficulty"])} className="flex flex-wrap gap-6" disabled={disabled}>
            {(["easy", "medium", "hard"] as const).map((level) => (
              <div key={level} className="flex items-center gap-2">
                <RadioGroupItem value={level} id={`persona-difficulty-${level}`} />
                <Label htmlFor={`persona-difficulty-${level}`} className="capitalize">{level}</Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        <NotUsedYet title="Company" fields={COMPANY_FIELDS} values={persona.company} prefix="company" errors={errors}
          onChange={(company) => set("company", company as Persona["company"])} disabled={disabled} />
        <NotUsedYet title="Personality" fields={PERSONALITY_FIELDS} values={persona.personality} prefix="personality" errors={errors}
          onChange={(personality) => set("personality", personality as Persona["personality"])} disabled={disabled} />
      </CardContent>
    </Card>
  );
}

type NotUsedYetProps = {
  title: string;
  prefix: string;
  fields: readonly (readonly [string, string])[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

/** Stored with the persona but not yet given to the voice agent: labelled so nobody relies on it. */
function NotUsedYet({ title, prefix, fields, values, onChange, errors, disabled }: NotUsedYetProps) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-dashed p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        {title} <Badge variant="secondary">not used yet</Badge>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([key, label]) => (
          <TextField key={key} id={`${prefix}-${key}`} label={label} value={values[key]} disabled={disabled}
            maxLength={key === "challenges" || key === "goals" ? 2000 : prefix === "company" ? 200 : 1000}
            error={err(errors, `${prefix}.${key}`)} onChange={(v) => onChange({ ...values, [key]: v })} />
        ))}
      </div>
    </fieldset>
  );
}
