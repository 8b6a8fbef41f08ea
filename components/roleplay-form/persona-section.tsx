"use client";

import { Controller, type FieldPath, useFormContext } from "react-hook-form";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

import { EntryListField } from "./entry-list-field";
import { COMPANY_FIELDS, type FormValues, PERSONALITY_FIELDS } from "./form-values";
import { TextField } from "./text-field";

type TextKey = "name" | "role" | "situation" | "background" | "close";

export function PersonaSection({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<FormValues>();
  const text = (key: TextKey, label: string, opts: { multiline?: boolean; required?: boolean; max: number }) => (
    <TextField
      id={`persona-${key}`}
      name={`schema_data.persona.${key}`}
      label={label}
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
          <EntryListField
            id="pain-point"
            name="schema_data.persona.pain_points"
            label="Pain Points"
            singular="Pain point"
            disabled={disabled}
          />
          <EntryListField
            id="goal"
            name="schema_data.persona.goals"
            label="Goals"
            singular="Goal"
            disabled={disabled}
          />
        </div>
        {text("close", "Close (optional)", { multiline: true, max: 1000 })}
        <fieldset className="grid gap-2" aria-describedby="persona-difficulty-hint">
          <legend className="text-sm font-medium">Difficulty</legend>
          <p id="persona-difficulty-hint" className="text-xs text-muted-foreground">
            How guarded the persona is: how much it volunteers, how soon it raises its concerns, how easily it agrees to
            the close.
          </p>
          <Controller
            control={control}
            name="schema_data.persona.difficulty"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={field.onChange}
                className="flex flex-wrap gap-6"
                disabled={disabled}
              >
                {(["easy", "medium", "hard"] as const).map((level) => (
                  <div key={level} className="flex items-center gap-2">
                    <RadioGroupItem value={level} id={`persona-difficulty-${level}`} />
                    <Label htmlFor={`persona-difficulty-${level}`} className="capitalize">
                      {level}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            )}
          />
        </fieldset>
        <NotUsedYet title="Company" fields={COMPANY_FIELDS} prefix="company" disabled={disabled} />
        <NotUsedYet title="Personality" fields={PERSONALITY_FIELDS} prefix="personality" disabled={disabled} />
      </CardContent>
    </Card>
  );
}

type NotUsedYetProps = {
  title: string;
  prefix: "company" | "personality";
  fields: typeof COMPANY_FIELDS | typeof PERSONALITY_FIELDS;
  disabled: boolean;
};

/** Stored with the persona but not yet given to the voice agent: labelled so nobody relies on it. */
function NotUsedYet({ title, prefix, fields, disabled }: NotUsedYetProps) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-dashed p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        {title} <Badge variant="secondary">not used yet</Badge>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([key, label]) => (
          <TextField
            key={key}
            id={`${prefix}-${key}`}
            name={`schema_data.persona.${prefix}.${key}` as FieldPath<FormValues>}
            label={label}
            disabled={disabled}
            maxLength={key === "challenges" || key === "goals" ? 2000 : prefix === "company" ? 200 : 1000}
          />
        ))}
      </div>
    </fieldset>
  );
}
