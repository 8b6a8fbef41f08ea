"use client";

import { useId, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, redirectIfAuthError } from "@/lib/client/api";

type Editing = { id: string; schema_id: string; group_ids: string[]; due_at: string; pass_mark: number; min_attempts: number };
type Props = {
  schemas: { id: string; name: string }[];
  groups: { id: string; name: string }[];
  /** Present when changing an existing assignment (PUT); otherwise a new one (POST). */
  editing?: Editing;
  onSaved: () => void;
  onCancel: () => void;
};

const pad = (n: number) => String(n).padStart(2, "0");
/** A date as the datetime-local input wants it (local time). */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A week from now at 17:00 local time. */
function defaultDue() {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setHours(17, 0, 0, 0);
  return localInput(d);
}

export function AssignmentForm({ schemas, groups, editing, onSaved, onCancel }: Props) {
  const id = useId();
  const [schemaId, setSchemaId] = useState(editing?.schema_id ?? schemas[0]?.id ?? "");
  const [groupIds, setGroupIds] = useState<string[]>(editing?.group_ids ?? []);
  const [due, setDue] = useState(() => (editing ? localInput(new Date(editing.due_at)) : defaultDue()));
  const [passMark, setPassMark] = useState(editing ? String(editing.pass_mark) : "");
  const [attempts, setAttempts] = useState(editing ? String(editing.min_attempts) : "1");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!schemaId) return setError("Choose a roleplay");
    const dueAt = new Date(due);
    if (Number.isNaN(dueAt.getTime())) return setError("Choose a due date");
    setBusy(true);
    try {
      await api(editing ? `/api/organization/assignments/${editing.id}` : "/api/organization/assignments", {
        method: editing ? "PUT" : "POST",
        body: {
          schema_id: schemaId,
          group_ids: groupIds,
          due_at: dueAt.toISOString(),
          ...(passMark.trim() ? { pass_mark: Number(passMark) } : {}),
          min_attempts: Number(attempts),
        },
      });
      onSaved();
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setError(err instanceof Error ? err.message : "Could not save the assignment");
    } finally {
      setBusy(false);
    }
  }

  const toggle = (g: string) => setGroupIds((prev) => (prev.includes(g) ? prev.filter((x) => x !== g) : [...prev, g]));

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border bg-muted/30 p-4" aria-label={editing ? "Edit assignment" : "New assignment"} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-schema`}>Roleplay</Label>
          <select
            id={`${id}-schema`}
            value={schemaId}
            onChange={(e) => setSchemaId(e.target.value)}
            className="h-11 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9"
          >
            {schemas.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-due`}>Due</Label>
          <Input id={`${id}-due`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} required />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-pass`}>Pass mark (optional)</Label>
          <Input
            id={`${id}-pass`}
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            placeholder="The roleplay's own, else 70"
            value={passMark}
            onChange={(e) => setPassMark(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-attempts`}>Minimum attempts</Label>
          <Input id={`${id}-attempts`} type="number" min={1} max={100} inputMode="numeric" value={attempts} onChange={(e) => setAttempts(e.target.value)} />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Groups <span className="font-normal text-muted-foreground">(none ticked: everyone)</span></legend>
        <div className="flex flex-wrap gap-2">
          {groups.map((g) => (
            <label key={g.id} className="flex min-h-11 items-center gap-2 rounded-md border bg-background px-3 text-sm sm:min-h-9">
              <input type="checkbox" className="size-4 accent-primary" checked={groupIds.includes(g.id)} onChange={() => toggle(g.id)} />
              {g.name}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <Alert variant="destructive" aria-live="assertive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || schemas.length === 0}>{busy ? "Saving..." : editing ? "Save changes" : "Assign"}</Button>
        <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
