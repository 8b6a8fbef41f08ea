"use client";

import { type FormEvent, startTransition, useActionState, useEffect, useId, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { createJoinCodeAction } from "@/lib/organizations/join-code-actions";

const EXPIRY_CHOICES = [
  { days: "1", label: "1 day" },
  { days: "7", label: "1 week" },
  { days: "14", label: "2 weeks" },
  { days: "30", label: "30 days" },
  { days: "90", label: "90 days" },
  { days: "", label: "Never (until revoked)" },
];

const selectClass =
  "h-11 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9";

type Props = {
  groups: { id: string; name: string }[];
  /** The new code, in full: the only time it is shown. */
  onCreated: (code: string) => void;
  onCancel: () => void;
};

/** Group, expiry and maximum uses for a new code; the server makes the code itself. */
export function JoinCodeForm({ groups, onCreated, onCancel }: Props) {
  const id = useId();
  const [state, dispatch, busy] = useActionState(createJoinCodeAction, {});
  // Controlled and submitted by hand (React resets a `<form action>` afterwards): a refused form keeps its choices.
  const [groupId, setGroupId] = useState("");
  const [days, setDays] = useState("14");
  const [maxUses, setMaxUses] = useState("");
  const errorOf = (field: string) => state.fieldErrors?.[field]?.[0];
  const described = (field: string) => `${id}-${field}-error`;

  useEffect(() => {
    if (state.success) onCreated(state.success);
  }, [state, onCreated]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fd = new FormData(event.currentTarget);
    startTransition(() => dispatch(fd));
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
      aria-label="New join code"
      noValidate
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-group`}>Group</Label>
          <select
            id={`${id}-group`}
            name="group_id"
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
            className={selectClass}
            aria-describedby={described("group_id")}
            aria-invalid={errorOf("group_id") ? true : undefined}
          >
            <option value="">No group (organization only)</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <FieldMessage id={described("group_id")} message={errorOf("group_id")} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-expiry`}>Expires after</Label>
          <select
            id={`${id}-expiry`}
            name="expires_in_days"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className={selectClass}
            aria-describedby={described("expires_at")}
            aria-invalid={errorOf("expires_at") ? true : undefined}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.label} value={c.days}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldMessage id={described("expires_at")} message={errorOf("expires_at")} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-max`}>Maximum uses (optional)</Label>
          <Input
            id={`${id}-max`}
            name="max_uses"
            type="number"
            min={1}
            inputMode="numeric"
            placeholder="No limit"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
            aria-describedby={described("max_uses")}
            aria-invalid={errorOf("max_uses") ? true : undefined}
          />
          <FieldMessage id={described("max_uses")} message={errorOf("max_uses")} />
        </div>
      </div>
      {state.error ? (
        <Alert variant="destructive" aria-live="assertive">
          <AlertDescription>{state.error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : "Create code"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
