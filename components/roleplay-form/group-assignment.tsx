"use client";

import { type FieldErrors, useController, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

import { FieldError } from "./field-error";
import type { FormValues } from "./form-values";

export type GroupOption = { id: string; name: string; description: string };

type Props = { groups: GroupOption[]; disabled: boolean };

function visibilityNote(isPublic: boolean, count: number) {
  if (isPublic) return "Public: everyone in the organization can practise this schema, whatever their group.";
  if (count === 0) return "Private with no groups: only the organization's admins can see it until you assign a group.";
  return "Private: only members of the selected groups (and admins) can see it.";
}

/** A set of ids, not a list of rows: one controlled field rather than a field array. */
export function GroupAssignment({ groups, disabled }: Props) {
  const { control } = useFormContext<FormValues>();
  const {
    field: { value: selected, onChange },
    fieldState,
  } = useController({ control, name: "assigned_groups" });
  const isPublic = useWatch({ control, name: "is_public" });
  const error = firstGroupError(fieldState.error);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((g) => g !== id));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">3. Group Assignment</h2>
        </CardTitle>
        <CardDescription>{visibilityNote(isPublic, selected.length)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled || groups.length === 0}
            onClick={() => onChange(groups.map((g) => g.id))}
          >
            Select All
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled || selected.length === 0}
            onClick={() => onChange([])}
          >
            Deselect All
          </Button>
          <span className="ml-auto text-sm text-muted-foreground" aria-live="polite">
            {selected.length} of {groups.length} groups selected
          </span>
        </div>
        {groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">This organization has no groups yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Groups" aria-describedby="groups-error">
            {groups.map((group) => (
              <li key={group.id} className="flex items-start gap-3 rounded-md border p-3">
                <Checkbox
                  id={`group-${group.id}`}
                  checked={selected.includes(group.id)}
                  disabled={disabled}
                  onCheckedChange={(on) => toggle(group.id, on === true)}
                />
                <div className="grid gap-1">
                  <Label htmlFor={`group-${group.id}`}>{group.name}</Label>
                  {group.description ? <p className="text-xs text-muted-foreground">{group.description}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <FieldError id="groups-error" message={error} />
      </CardContent>
    </Card>
  );
}

/** The list's own error, or the first of its entries'. */
function firstGroupError(error: FieldErrors<FormValues>["assigned_groups"]): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  if (error.root?.message) return error.root.message;
  return Array.isArray(error) ? error.find((e) => e?.message)?.message : undefined;
}
