"use client";

import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SEED_LIMITS } from "@/lib/validations/seed";
import { CountField } from "./count-field";
import { groupAdmins, groupUsers, type GroupDraft } from "./seed-form-state";

type Props = {
  group: GroupDraft;
  index: number;
  canRemove: boolean;
  nameError?: string;
  onChange: (patch: Partial<GroupDraft>) => void;
  onRemove: () => void;
};

export function SeedGroupFields({ group, index, canRemove, nameError, onChange, onRemove }: Props) {
  const id = (field: string) => `seed-group-${group.key}-${field}`;
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
            value={group.name}
            onChange={(e) => onChange({ name: e.target.value })}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? id("name-error") : undefined}
          />
          {nameError && <p id={id("name-error")} className="text-sm text-destructive">{nameError}</p>}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id("description")}>Group Description</Label>
          <Input id={id("description")} value={group.description} onChange={(e) => onChange({ description: e.target.value })} />
        </div>
        <CountField id={id("users")} label="Users" max={SEED_LIMITS.group.users} value={group.num_users}
          onChange={(num_users) => onChange({ num_users })} clamp={groupUsers} />
        <CountField id={id("admins")} label="Admins" max={SEED_LIMITS.group.admins} value={group.num_admins}
          onChange={(num_admins) => onChange({ num_admins })} clamp={groupAdmins} />
      </div>
    </fieldset>
  );
}
