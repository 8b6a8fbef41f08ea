"use client";

import { Trash2 } from "lucide-react";
import { useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SEED_LIMITS } from "@/lib/validations/seed-limits";

import { CountField } from "./count-field";
import { groupAdmins, groupUsers, type SeedFormValues } from "./seed-form-state";
import { useSeedError } from "./use-seed-error";

/** `rowKey` is the field array's id for this row: element ids stay put when an earlier group is removed. */
type Props = { rowKey: string; index: number; canRemove: boolean; onRemove: () => void };

export function SeedGroupFields({ rowKey, index, canRemove, onRemove }: Props) {
  const { register } = useFormContext<SeedFormValues>();
  const name = `groups.${index}` as const;
  const nameError = useSeedError(`${name}.name`);
  const id = (field: string) => `seed-group-${rowKey}-${field}`;
  return (
    <fieldset className="space-y-3 rounded-lg border p-4">
      <legend className="sr-only">Group {index + 1}</legend>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium" aria-hidden>
          Group {index + 1}
        </span>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove group ${index + 1}`}
          title={canRemove ? undefined : "At least one group is required"}
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={id("name")}>Group Name</Label>
          <Input
            id={id("name")}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={id("name-error")}
            {...register(`${name}.name`)}
          />
          <p id={id("name-error")} className="text-sm text-destructive empty:hidden" aria-live="polite">
            {nameError}
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id("description")}>Group Description</Label>
          <Input id={id("description")} {...register(`${name}.description`)} />
        </div>
        <CountField
          id={id("users")}
          name={`${name}.num_users`}
          label="Users"
          max={SEED_LIMITS.group.users}
          clamp={groupUsers}
        />
        <CountField
          id={id("admins")}
          name={`${name}.num_admins`}
          label="Admins"
          max={SEED_LIMITS.group.admins}
          clamp={groupAdmins}
        />
      </div>
    </fieldset>
  );
}
