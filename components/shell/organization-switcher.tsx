"use client";

import { startTransition, useActionState, useId, useState } from "react";
import { toast } from "sonner";

import type { ActionState } from "@/lib/actions";
import { actionProblem } from "@/lib/client/action-state";
import { chooseOrganizationAction } from "@/lib/organizations/actions";
import type { ActiveMembership } from "@/lib/organizations/membership";

/** Shown to people in several organisations; the choice is saved for the user and every page follows it. */
export function OrganizationSwitcher({
  organizations,
  activeId,
}: {
  organizations: ActiveMembership[];
  activeId: string | null;
}) {
  const id = useId();
  const [value, setValue] = useState(activeId ?? "");
  // The server saves the choice and re-renders every page; a refusal puts the old choice back.
  // Dispatched from onChange, not a <form action>: React resets a form after its action, and
  // that reset would put the select back on its first rendered option.
  const [, action, busy] = useActionState(async (previous: ActionState, data: FormData) => {
    const state = await chooseOrganizationAction(previous, data);
    const problem = actionProblem(state);
    if (problem) {
      setValue(activeId ?? "");
      toast.error(problem);
    }
    return state;
  }, {});

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only sm:not-sr-only sm:text-sm sm:text-muted-foreground">
        Organization
      </label>
      <select
        id={id}
        value={value}
        disabled={busy}
        onChange={(e) => {
          const next = new FormData();
          next.set("organization_id", e.target.value);
          setValue(e.target.value);
          startTransition(() => action(next));
        }}
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
