"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useRef, useState } from "react";
import { type FieldPath, FormProvider, useForm } from "react-hook-form";

import { Alert, AlertDescription } from "@/components/ui/alert";
import type { ActionState } from "@/lib/actions";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { useHydrated } from "@/lib/client/use-hydrated";
import {
  autogenerateRoleplayAction,
  createRoleplayAction,
  deleteRoleplayAction,
  updateRoleplayAction,
} from "@/lib/roleplays/actions";
import type { RoleplayItem } from "@/lib/roleplays/present";

import { BasicInfoSection } from "./basic-info-section";
import { type Busy, FormActions } from "./form-actions";
import { type FormValues, initialValues, toPayload } from "./form-values";
import { GroupAssignment, type GroupOption } from "./group-assignment";
import { PersonaSection } from "./persona-section";
import { ScorecardSection } from "./scorecard-section";

const DELETE_CONFIRMATION = "Are you sure you want to delete this schema? This action cannot be undone.";
const REDIRECT_MS = { submit: 2000, generate: 2000, delete: 1500 } as const;

/** `aiGrading`: a model is configured, so criteria judged from the transcript are scored. */
type Props = { roleplay?: RoleplayItem; groups: GroupOption[]; isDev: boolean; aiGrading: boolean };
type Kind = Exclude<Busy, null>;

/** The shared schema is the form's only rule book; it judges the payload the form would send. */
const { resolver, preload } = lazyResolver<FormValues>(async () => {
  const [{ zodResolver }, { roleplayFormSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/validations/roleplay"),
  ]);
  return zodResolver(roleplayFormSchema) as never;
}, toPayload);
/** Developers only, and it checks its text by the shared zod rules at render: loaded only where it is shown. */
const AutogenerateBox = dynamic(() => import("./autogenerate-box").then((m) => m.AutogenerateBox));

/** An action that cannot be reached (network) answers like any other failure. */
const orFail =
  (action: (prev: ActionState, fd: FormData) => Promise<ActionState>, fail: string) =>
  (prev: ActionState, fd: FormData) =>
    action(prev, fd).catch((): ActionState => ({ error: fail }));
const create = orFail(createRoleplayAction, "Failed to create schema");
const update = orFail(updateRoleplayAction, "Failed to update schema");
const remove = orFail(deleteRoleplayAction, "Failed to delete schema");
const autogenerate = orFail(autogenerateRoleplayAction, "Failed to auto-generate schema");

const formData = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) fd.set(key, value);
  return fd;
};

function successText(kind: Kind, editing: boolean) {
  if (kind === "delete") return "Schema deleted successfully!";
  if (kind === "generate") return "Schema auto-generated successfully!";
  return editing ? "Schema updated successfully!" : "Schema created successfully!";
}

export function RoleplayForm({ roleplay, groups, isDev, aiGrading }: Props) {
  const router = useRouter();
  const mode = roleplay ? "edit" : "create";
  const form = useForm<FormValues>({ defaultValues: initialValues(roleplay), resolver });
  useEffect(() => void preload().catch(() => undefined), []);
  const [rawText, setRawText] = useState("");
  const [last, setLast] = useState<Kind | "invalid" | null>(null);
  const [saved, save, saving] = useActionState(roleplay ? update : create, {});
  const [deleted, del, deleting] = useActionState(remove, {});
  const [generated, generate, generating] = useActionState(autogenerate, {});
  const alertRef = useRef<HTMLDivElement>(null);

  const busy: Busy = saving ? "submit" : deleting ? "delete" : generating ? "generate" : null;
  const result =
    last && last !== "invalid" && !busy ? { submit: saved, delete: deleted, generate: generated }[last] : {};
  const succeeded = result.success && last !== "invalid" ? last : null;
  const failure =
    last === "invalid"
      ? "Please fix the highlighted fields."
      : result.error ||
        Object.values(result.fieldErrors ?? {})
          .flat()
          .join(", ");
  const message = succeeded
    ? { kind: "success" as const, text: successText(succeeded, mode === "edit") }
    : failure
      ? { kind: "error" as const, text: failure }
      : null;

  const messageText = message?.text;
  useEffect(() => {
    if (messageText) alertRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [messageText]);

  // The server's own verdict on a field shows under that field, as the client's does.
  useEffect(() => {
    for (const [path, messages] of Object.entries(saved.fieldErrors ?? {}))
      form.setError(path as FieldPath<FormValues>, { message: messages?.[0] });
  }, [saved, form]);

  // A save or a regeneration renders the page again with the stored roleplay: show what was stored.
  useEffect(() => {
    if (roleplay && (succeeded === "submit" || succeeded === "generate")) form.reset(initialValues(roleplay));
  }, [roleplay, succeeded, form]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => router.push("/dashboard"), REDIRECT_MS[succeeded]);
    return () => clearTimeout(timer);
  }, [succeeded, router]);

  const target: Record<string, string> = roleplay ? { schema_id: roleplay.id } : {};
  const submit = form.handleSubmit(
    (values) => {
      setLast("submit");
      startTransition(() => save(formData({ payload: JSON.stringify(toPayload(values)), ...target })));
    },
    () => setLast("invalid"),
  );

  function confirmDelete() {
    if (!roleplay || !window.confirm(DELETE_CONFIRMATION)) return;
    setLast("delete");
    startTransition(() => del(formData(target)));
  }

  function regenerate() {
    const { name, description, is_public, assigned_groups } = form.getValues();
    const payload = { name, description, is_public, assigned_groups, raw_text: rawText };
    setLast("generate");
    startTransition(() => generate(formData({ payload: JSON.stringify(payload), ...target })));
  }

  // Typed into before hydration, a controlled field loses what was typed (the counter and the checks never see
  // it): the form is locked until React has taken over, a moment on a fast machine.
  const hydrated = useHydrated();
  const locked = !hydrated || busy !== null || succeeded !== null;
  return (
    <FormProvider {...form}>
      {/* noValidate: the shared schema's messages show under the fields, not the browser's bubbles. */}
      <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy !== null}>
        <div ref={alertRef} aria-live="polite">
          {message ? (
            <Alert variant={message.kind === "success" ? "success" : "destructive"}>
              <AlertDescription>{message.text}</AlertDescription>
            </Alert>
          ) : null}
        </div>
        <BasicInfoSection disabled={locked}>
          {isDev ? (
            <AutogenerateBox
              mode={mode}
              rawText={rawText}
              onChange={setRawText}
              busy={busy === "generate"}
              disabled={locked}
              onGenerate={regenerate}
            />
          ) : null}
        </BasicInfoSection>
        <PersonaSection disabled={locked} />
        <GroupAssignment groups={groups} disabled={locked} />
        <ScorecardSection disabled={locked} aiGrading={aiGrading} />
        <FormActions mode={mode} busy={busy} locked={locked} onDelete={confirmDelete} />
      </form>
    </FormProvider>
  );
}
