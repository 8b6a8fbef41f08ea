"use client";

import { SEED_LIMITS } from "@/lib/validations/seed";
import { CountField } from "./count-field";
import { legacyAdmins, legacyUsers } from "./seed-form-state";

type Counts = { num_users: string; num_admins: string };

export function LegacyFields({ value, onChange }: { value: Counts; onChange: (patch: Partial<Counts>) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <CountField id="seed-num-users" label="Number of Users" max={SEED_LIMITS.legacy.users} value={value.num_users}
        onChange={(num_users) => onChange({ num_users })} clamp={legacyUsers} />
      <CountField id="seed-num-admins" label="Number of Admins" max={SEED_LIMITS.legacy.admins} value={value.num_admins}
        onChange={(num_admins) => onChange({ num_admins })} clamp={legacyAdmins} />
    </div>
  );
}
