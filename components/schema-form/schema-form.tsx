"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import {
  autogenerateSchemaAction, createSchemaAction, deleteSchemaAction, updateSchemaAction,
} from "@/app/(app)/workspace/actions";
import { Alert, AlertDescription } from "@/components/ui/alert";
import type { ActionState } from "@/lib/actions";
import type { SchemaItem } from "@/lib/schemas/present";
import { schemaPayloadSchema } from "@/lib/validations/schema";
import { AutogenerateBox } from "./autogenerate-box";
import { BasicInfoSection } from "./basic-info-section";
import { FormActions, type Busy } from "./form-actions";
import { initialValues, toPayload, type FormValues } from "./form-values";
import { GroupAssignment, type GroupOption } from "./group-assignment";
import { PersonaSection } from "./persona-section";
import { ScorecardSection } from "./scorecard-section";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this schema? This action cannot be undone.";
const REDIRECT_AFTER_SAVE_MS = 2000;
const REDIRECT_AFTER_DELETE_MS = 1500;

type Props = { schema?: SchemaItem; groups: GroupOption[]; isDev: boolean };

function clientErrors(values: FormValues): Record<string, string> {
  const result = schemaPayloadSchema.safeParse(toPayload(values));
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  if (!values.description.trim()) errors.description = "Description is required";
  return errors;
}

export function SchemaForm({ schema, groups, isDev }: Props) {
  const router = useRouter();
  const mode = schema ? "edit" : "create";
  const [values, setValues] = useState(() => initialValues(schema));
  const [rawText, setRawText] = useState("");
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (message) alertRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [message]);

  async function perform(kind: Exclude<Busy, null>, action: () => Promise<ActionState>, texts: { ok: string; fail: string }, delayMs: number) {
    setBusy(kind);
    setMessage(null);
    const result = await action().catch((): ActionState => ({ error: texts.fail }));
    setBusy(null);
    setErrors(Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([key, messages]) => [key, messages?.[0] ?? ""])));
    if (!result.success) {
      setMessage({ kind: "error", text: result.error || texts.fail });
      return;
    }
    setDone(true);
    setMessage({ kind: "success", text: texts.ok });
    setTimeout(() => router.push("/dashboard"), delayMs);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = clientErrors(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setMessage({ kind: "error", text: "Please fix the highlighted fields." });
      return;
    }
    const payload = toPayload(values);
    const ok = schema ? "Schema updated successfully!" : "Schema created successfully!";
    void perform("submit", () => (schema ? updateSchemaAction(schema.id, payload) : createSchemaAction(payload)),
      { ok, fail: "Failed to create schema" }, REDIRECT_AFTER_SAVE_MS);
  }

  function remove() {
    if (!schema || !window.confirm(DELETE_CONFIRMATION)) return;
    void perform("delete", () => deleteSchemaAction(schema.id),
      { ok: "Schema deleted successfully!", fail: "Failed to delete schema" }, REDIRECT_AFTER_DELETE_MS);
  }

  function generate() {
    const { name, description, is_public, assigned_groups } = values;
    // In edit mode the same schema (same id) gets a regenerated persona.
    const target = schema ? { schema_id: schema.id } : {};
    void perform("generate", () => autogenerateSchemaAction({ name, description, is_public, assigned_groups, raw_text: rawText, ...target }),
      { ok: "Schema auto-generated successfully!", fail: "Failed to auto-generate schema" }, REDIRECT_AFTER_SAVE_MS);
  }

  const locked = busy !== null || done;
  const groupError = Object.entries(errors).find(([key]) => key.startsWith("assigned_groups"))?.[1];
  return (
    <form onSubmit={submit} className="grid gap-6" aria-busy={busy !== null}>
      <div ref={alertRef} aria-live="polite">
        {message ? (
          <Alert variant={message.kind === "success" ? "success" : "destructive"}>
            <AlertDescription>{message.text}</AlertDescription>
          </Alert>
        ) : null}
      </div>
      <BasicInfoSection name={values.name} description={values.description} isPublic={values.is_public}
        unreachable={!values.is_public && values.assigned_groups.length === 0}
        errors={errors} disabled={locked} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}>
        {isDev ? (
          <AutogenerateBox mode={mode} rawText={rawText} onChange={setRawText} name={values.name} description={values.description}
            busy={busy === "generate"} disabled={locked} onGenerate={generate} />
        ) : null}
      </BasicInfoSection>
      <PersonaSection persona={values.persona} errors={errors} disabled={locked}
        onChange={(persona) => setValues((v) => ({ ...v, persona }))} />
      <GroupAssignment groups={groups} selected={values.assigned_groups} isPublic={values.is_public} error={groupError}
        disabled={locked} onChange={(assigned_groups) => setValues((v) => ({ ...v, assigned_groups }))} />
      <ScorecardSection value={{ scenario: values.scenario, scorecard: values.scorecard }} errors={errors} disabled={locked}
        onChange={(grading) => setValues((v) => ({ ...v, ...grading }))} />
      <FormActions mode={mode} busy={busy} locked={locked} onDelete={remove} />
    </form>
  );
}
