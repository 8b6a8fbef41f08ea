"use client";

import { Sparkles } from "lucide-react";
import { useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { autogenerateFormSchema, MAX_RAW_TEXT } from "@/lib/validations/roleplay";

import type { FormValues } from "./form-values";

type Props = {
  mode: "create" | "edit";
  rawText: string;
  onChange: (text: string) => void;
  busy: boolean;
  disabled: boolean;
  onGenerate: () => void;
};

/** What is still missing before auto-generate can run, in that order, from the shared rules. */
function missingForAutogenerate(raw_text: string, name: string, description: string): string | null {
  const result = autogenerateFormSchema.safeParse({ raw_text, name, description });
  if (result.success) return null;
  for (const key of ["raw_text", "name", "description"]) {
    const issue = result.error.issues.find((i) => i.path[0] === key);
    if (issue) return issue.message;
  }
  return null;
}

/** Developers only: paste notes, and Claude drafts the persona. */
export function AutogenerateBox({ mode, rawText, onChange, busy, disabled, onGenerate }: Props) {
  const [name, description] = useWatch<FormValues, ["name", "description"]>({ name: ["name", "description"] });
  const missing = missingForAutogenerate(rawText, name, description);
  return (
    <div className="grid gap-2 rounded-lg border border-dashed border-primary/40 bg-accent/40 p-4">
      <Label htmlFor="autogenerate-text">Auto-Generate from text</Label>
      <p id="autogenerate-help" className="text-sm text-muted-foreground">
        {mode === "edit"
          ? "Paste notes about the person and the situation. Claude regenerates the persona details of this schema (it keeps its id, name, description, visibility and groups above, and your scorecard unless the kind of scenario changes)."
          : "Paste notes about the person and the situation. Claude drafts the persona and the scenario, and the schema is created with the name, description, visibility and groups above."}
      </p>
      <Textarea
        id="autogenerate-text"
        rows={5}
        value={rawText}
        maxLength={MAX_RAW_TEXT}
        disabled={disabled}
        aria-describedby="autogenerate-help autogenerate-count autogenerate-missing"
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span id="autogenerate-count" className="text-muted-foreground">
          {rawText.length.toLocaleString("en-US")} / {MAX_RAW_TEXT.toLocaleString("en-US")} characters
        </span>
        <Button type="button" variant="secondary" disabled={disabled || missing !== null} onClick={onGenerate}>
          <Sparkles aria-hidden />{" "}
          {busy ? "Generating..." : mode === "edit" ? "Regenerate Persona" : "Auto-Generate Schema"}
        </Button>
      </div>
      <p id="autogenerate-missing" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {missing}
      </p>
    </div>
  );
}
