"use client";

import { SEED_LIMITS } from "@/lib/validations/seed-limits";

import { CountField } from "./count-field";
import { legacyAdmins, legacyUsers } from "./seed-form-state";

export function LegacyFields() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <CountField
        id="seed-num-users"
        name="num_users"
        label="Number of Users"
        max={SEED_LIMITS.legacy.users}
        clamp={legacyUsers}
      />
      <CountField
        id="seed-num-admins"
        name="num_admins"
        label="Number of Admins"
        max={SEED_LIMITS.legacy.admins}
        clamp={legacyAdmins}
      />
    </div>
  );
}
