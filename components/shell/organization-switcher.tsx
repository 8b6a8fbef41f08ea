"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";

import { api, redirectIfAuthError } from "@/lib/client/api";
import type { ActiveMembership } from "@/lib/organizations/membership";

/** Shown to people in several organisations; the choice is saved for the user and every page follows it. */
export function OrganizationSwitcher({
  organizations,
  activeId,
}: {
  organizations: ActiveMembership[];
  activeId: string | null;
}) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(activeId ?? "");
  const [busy, setBusy] = useState(false);

  async function choose(next: string) {
    const previous = value;
    setValue(next);
    setBusy(true);
    try {
      await api("/api/protected/active-organization", { method: "PUT", body: { organization_id: next } });
      router.refresh();
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setValue(previous);
      toast.error(err instanceof Error ? err.message : "Could not switch organization");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only sm:not-sr-only sm:text-sm sm:text-muted-foreground">
        Organization
      </label>
      <select
        id={id}
        value={value}
        disabled={busy}
        onChange={(e) => void choose(e.target.value)}
        className="h-11 max-w-44 truncate rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:max-w-56"
      >
        {organizations.map((o) => (
          <option key={o.organizationId} value={o.organizationId}>
            {o.organizationName}
            {o.role === "admin" ? " (admin)" : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
