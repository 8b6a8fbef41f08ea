"use client";

import { Controller, useFormContext, useWatch } from "react-hook-form";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

import type { FormValues } from "./form-values";
import { TextField } from "./text-field";

function CheckboxField(props: {
  id: string;
  name: "is_active" | "live_hints";
  label: string;
  note: string;
  disabled: boolean;
}) {
  const { control } = useFormContext<FormValues>();
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <Checkbox
            id={props.id}
            checked={field.value}
            disabled={props.disabled}
            aria-describedby={`${props.id}-note`}
            onCheckedChange={(v) => field.onChange(v === true)}
            className="mt-0.5"
          />
        )}
      />
      <div className="grid gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <span id={`${props.id}-note`} className="text-sm text-muted-foreground">
          {props.note}
        </span>
      </div>
    </div>
  );
}

export function BasicInfoSection({ disabled, children }: { disabled: boolean; children?: React.ReactNode }) {
  const { control } = useFormContext<FormValues>();
  const [isPublic, groups] = useWatch({ control, name: ["is_public", "assigned_groups"] });
  // Private with no groups: nobody can start it, not even its admins.
  const unreachable = !isPublic && groups.length === 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">1. Basic Information</h2>
        </CardTitle>
        <CardDescription>What learners see when they pick a roleplay on the dashboard.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <TextField id="roleplay-name" name="name" label="Name" required maxLength={200} disabled={disabled} />
        <TextField
          id="roleplay-description"
          name="description"
          label="Description"
          required
          multiline
          maxLength={2000}
          disabled={disabled}
        />
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="is_public"
            render={({ field }) => (
              <Switch
                id="roleplay-public"
                checked={field.value}
                disabled={disabled}
                aria-describedby="roleplay-public-note"
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Label htmlFor="roleplay-public">{isPublic ? "Public" : "Private"}</Label>
          <span id="roleplay-public-note" className="text-sm text-muted-foreground">
            {isPublic ? "Visible to everyone in the organization" : "Visible to the assigned groups only"}
          </span>
        </div>
        {unreachable ? (
          <p
            role="status"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            Reachable by no one: a private roleplay with no groups assigned cannot be started by anyone. Assign a group
            below or make it public.
          </p>
        ) : null}
        <div className="grid gap-3 rounded-md border p-3">
          <CheckboxField
            id="roleplay-active"
            name="is_active"
            label="Active"
            note="Learners can start it. An inactive roleplay (such as a draft made from a real call) is kept but cannot be practised."
            disabled={disabled}
          />
          <CheckboxField
            id="roleplay-live-hints"
            name="live_hints"
            label="Show live hints while practising"
            note="After each of the learner's turns, one short coaching hint appears beside the chat. The buyer never hears it and it is not graded. Always off when the learner practises it for an open assignment."
            disabled={disabled}
          />
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
