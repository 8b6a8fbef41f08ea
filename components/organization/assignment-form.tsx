"use client";

import { type FormEvent, startTransition, useActionState, useEffect, useId, useRef, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { createAssignmentAction, updateAssignmentAction } from "@/lib/organizations/actions";
import { type CountRule, TIER_NAMES } from "@/lib/organizations/assignment-status";

type Editing = {
  id: string;
  schema_id: string;
  group_ids: string[];
  due_at: string;
  pass_mark: number;
  min_attempts: number;
  tiers: number[] | null;
  max_attempts: number | null;
  counts: CountRule;
};
type Props = {
  roleplays: { id: string; name: string }[];
  groups: { id: string; name: string }[];
  /** Present when changing an existing assignment (PUT); otherwise a new one (POST). */
  editing?: Editing;
  onSaved: () => void;
  onCancel: () => void;
};

const pad = (n: number) => String(n).padStart(2, "0");
/** A date as the datetime-local input wants it (local time). */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A week from now at 17:00 local time. */
function defaultDue() {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setHours(17, 0, 0, 0);
  return localInput(d);
}

export function AssignmentForm({ roleplays, groups, editing, onSaved, onCancel }: Props) {
  const id = useId();
  const [roleplayId, setRoleplayId] = useState(editing?.schema_id ?? roleplays[0]?.id ?? "");
  const [groupIds, setGroupIds] = useState<string[]>(editing?.group_ids ?? []);
  const [due, setDue] = useState(() => (editing ? localInput(new Date(editing.due_at)) : defaultDue()));
  const [passMark, setPassMark] = useState(editing ? String(editing.pass_mark) : "");
  const [attempts, setAttempts] = useState(editing ? String(editing.min_attempts) : "1");
  const [maxAttempts, setMaxAttempts] = useState(editing?.max_attempts ? String(editing.max_attempts) : "");
  const [counts, setCounts] = useState<CountRule>(editing?.counts ?? "best");
  const [tiers, setTiers] = useState<string[]>(() => TIER_NAMES.map((_, i) => String(editing?.tiers?.[i] ?? "")));
  const [state, dispatch, busy] = useActionState(editing ? updateAssignmentAction : createAssignmentAction, {});
  const errorOf = (field: string) => state.fieldErrors?.[field]?.[0];
  const formRef = useRef<HTMLFormElement>(null);

  // A saved assignment closes the form (the parent unmounts it), so this runs once per success;
  // a refused one takes the instructor to the first field that needs a change.
  useEffect(() => {
    if (state.success) onSaved();
    else if (state.fieldErrors) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [state, onSaved]);

  /**
   * Submitted by hand, not through `<form action>`: React resets a form after its action, which put
   * the dropdown back on the first roleplay and cleared the ticks while the state still held the choice.
   * The browser knows the instructor's time zone, so the due time travels as ISO.
   */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fd = new FormData(event.currentTarget);
    const dueAt = new Date(String(fd.get("due") ?? ""));
    fd.set("due_at", Number.isNaN(dueAt.getTime()) ? "" : dueAt.toISOString());
    startTransition(() => dispatch(fd));
  }

  const toggle = (g: string) => setGroupIds((prev) => (prev.includes(g) ? prev.filter((x) => x !== g) : [...prev, g]));
  const described = (field: string) => (errorOf(field) ? `${id}-${field}-error` : undefined);
  const invalid = (field: string) => (errorOf(field) ? true : undefined);

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="grid min-w-0 gap-4 rounded-lg border bg-muted/30 p-4"
      aria-label={editing ? "Edit assignment" : "New assignment"}
      noValidate
    >
      {editing ? <input type="hidden" name="assignment_id" value={editing.id} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-roleplay`}>Roleplay</Label>
          <select
            id={`${id}-roleplay`}
            name="schema_id"
            value={roleplayId}
            aria-describedby={described("schema_id")}
            aria-invalid={invalid("schema_id")}
            onChange={(e) => setRoleplayId(e.target.value)}
            className="h-11 w-full min-w-0 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9"
          >
            {roleplays.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <FieldMessage id={`${id}-schema_id-error`} message={errorOf("schema_id")} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-due`}>Due</Label>
          <Input
            id={`${id}-due`}
            name="due"
            type="datetime-local"
            value={due}
            onChange={(e) => setDue(e.target.value)}
            required
            aria-describedby={described("due_at")}
            aria-invalid={invalid("due_at")}
          />
          <FieldMessage id={`${id}-due_at-error`} message={errorOf("due_at")} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-pass`}>Pass mark (optional)</Label>
          <Input
            id={`${id}-pass`}
            name="pass_mark"
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            placeholder="The roleplay's own, else 70"
            value={passMark}
            onChange={(e) => setPassMark(e.target.value)}
            aria-describedby={described("pass_mark")}
            aria-invalid={invalid("pass_mark")}
          />
          <FieldMessage id={`${id}-pass_mark-error`} message={errorOf("pass_mark")} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-attempts`}>Minimum attempts</Label>
          <Input
            id={`${id}-attempts`}
            name="min_attempts"
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            value={attempts}
            onChange={(e) => setAttempts(e.target.value)}
            aria-describedby={described("min_attempts")}
            aria-invalid={invalid("min_attempts")}
          />
          <FieldMessage id={`${id}-min_attempts-error`} message={errorOf("min_attempts")} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-max`}>Maximum attempts (optional)</Label>
          <Input
            id={`${id}-max`}
            name="max_attempts"
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            placeholder="No limit"
            value={maxAttempts}
            onChange={(e) => setMaxAttempts(e.target.value)}
            aria-describedby={described("max_attempts") ?? `${id}-max-hint`}
            aria-invalid={invalid("max_attempts")}
          />
          <p id={`${id}-max-hint`} className="text-xs text-muted-foreground">
            Learners can keep practising; attempts past the maximum do not count.
          </p>
          <FieldMessage id={`${id}-max_attempts-error`} message={errorOf("max_attempts")} />
        </div>
        <fieldset className="grid min-w-0 gap-1.5">
          <legend className="mb-1 text-sm font-medium">Which attempt counts</legend>
          <div className="flex flex-wrap gap-2">
            {(["best", "latest"] as const).map((rule) => (
              <label
                key={rule}
                className="flex min-h-11 items-center gap-2 rounded-md border bg-background px-3 text-sm sm:min-h-9"
              >
                <input
                  type="radio"
                  name="counts"
                  value={rule}
                  className="size-4 accent-primary"
                  checked={counts === rule}
                  onChange={() => setCounts(rule)}
                />
                {rule === "best" ? "Best score" : "Latest score"}
              </label>
            ))}
          </div>
          <FieldMessage id={`${id}-counts-error`} message={errorOf("counts")} />
        </fieldset>
      </div>
      <fieldset className="grid gap-2" aria-describedby={described("tiers")}>
        <legend className="mb-1 text-sm font-medium">
          Tiers <span className="font-normal text-muted-foreground">(optional minimum scores, lowest first)</span>
        </legend>
        <div className="grid grid-cols-3 gap-2">
          {TIER_NAMES.map((name, i) => (
            <div key={name} className="grid min-w-0 gap-1.5">
              <Label htmlFor={`${id}-tier-${i}`}>{name}</Label>
              <Input
                id={`${id}-tier-${i}`}
                name={`tier_${name.toLowerCase()}`}
                type="number"
                min={0}
                max={100}
                inputMode="numeric"
                placeholder={["50", "75", "90"][i]}
                value={tiers[i]}
                onChange={(e) => setTiers((t) => t.map((v, j) => (j === i ? e.target.value : v)))}
                aria-invalid={invalid("tiers")}
              />
            </div>
          ))}
        </div>
        <FieldMessage id={`${id}-tiers-error`} message={errorOf("tiers")} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          Groups <span className="font-normal text-muted-foreground">(none ticked: everyone)</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {groups.map((g) => (
            <label
              key={g.id}
              className="flex min-h-11 items-center gap-2 rounded-md border bg-background px-3 text-sm sm:min-h-9"
            >
              <input
                type="checkbox"
                name="group_ids"
                value={g.id}
                className="size-4 accent-primary"
                checked={groupIds.includes(g.id)}
                onChange={() => toggle(g.id)}
              />
              {g.name}
            </label>
          ))}
        </div>
        <FieldMessage id={`${id}-group_ids-error`} message={errorOf("group_ids")} />
      </fieldset>
      {state.error ? (
        <Alert variant="destructive" aria-live="assertive">
          <AlertDescription>{state.error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || roleplays.length === 0}>
          {busy ? "Saving..." : editing ? "Save changes" : "Assign"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
