"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SEED_LIMITS } from "@/lib/validations/seed";
import { legacyAdmins, legacyUsers } from "./seed-form-state";

type Counts = { num_users: string; num_admins: string };

export function LegacyFields({ value, onChange }: { value: Counts; onChange: (patch: Partial<Counts>) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor="seed-num-users">Number of Users (0-{SEED_LIMITS.legacy.users})</Label>
        <Input
          id="seed-num-users"
          type="number"
          min={0}
          max={SEED_LIMITS.legacy.users}
          value={value.num_users}
          onChange={(e) => onChange({ num_users: e.target.value })}
          onBlur={() => onChange({ num_users: String(legacyUsers(value.num_users)) })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="seed-num-admins">Number of Admins (0-{SEED_LIMITS.legacy.admins})</Label>
        <Input
          id="seed-num-admins"
          type="number"
          min={0}
          max={SEED_LIMITS.legacy.admins}
          value={value.num_admins}
          onChange={(e) => onChange({ num_admins: e.target.value })}
          onBlur={() => onChange({ num_admins: String(legacyAdmins(value.num_admins)) })}
        />
      </div>
    </div>
  );
}
