"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { TextField } from "./text-field";

type Props = {
  name: string;
  description: string;
  isPublic: boolean;
  /** Private with no groups: spec section 6 makes it inaccessible to everyone. */
  unreachable?: boolean;
  onChange: (patch: { name?: string; description?: string; is_public?: boolean }) => void;
  errors: Record<string, string>;
  disabled: boolean;
  children?: React.ReactNode;
};

export function BasicInfoSection({ name, description, isPublic, unreachable, onChange, errors, disabled, children }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">1. Basic Information</h2>
        </CardTitle>
        <CardDescription>What learners see when they pick a roleplay on the dashboard.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <TextField id="schema-name" label="Name" value={name} required maxLength={200} disabled={disabled}
          error={errors.name} onChange={(v) => onChange({ name: v })} />
        <TextField id="schema-description" label="Description" value={description} required multiline maxLength={2000}
          disabled={disabled} error={errors.description} onChange={(v) => onChange({ description: v })} />
        <div className="flex items-center gap-3">
          <Switch id="schema-public" checked={isPublic} disabled={disabled} aria-describedby="schema-public-note"
            onCheckedChange={(on) => onChange({ is_public: on })} />
          <Label htmlFor="schema-public">{isPublic ? "Public" : "Private"}</Label>
          <span id="schema-public-note" className="text-sm text-muted-foreground">
            {isPublic ? "Visible to everyone in the organization" : "Visible to the assigned groups only"}
          </span>
        </div>
        {unreachable ? (
          <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            Reachable by no one: a private roleplay with no groups assigned cannot be started by anyone. Assign a group
            below or make it public.
          </p>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
