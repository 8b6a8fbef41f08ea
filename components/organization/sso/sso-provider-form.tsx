"use client";

import { useId, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formRequest } from "@/lib/client/api";
import { entraIssuer, GOOGLE_ISSUER, KIND_LABELS } from "@/lib/sso/issuers";
import type { SsoProviderSummary } from "@/lib/sso/providers";

type Kind = keyof typeof KIND_LABELS;
type Props = { provider?: SsoProviderSummary; onSaved: (p: SsoProviderSummary) => void; onCancel: () => void };

const selectClass =
  "h-11 w-full rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9";

/** Add or edit a provider. The client secret is write-only: blank on edit keeps the stored one. */
export function SsoProviderForm({ provider, onSaved, onCancel }: Props) {
  const id = useId();
  const editing = !!provider;
  const [kind, setKind] = useState<Kind>(provider?.kind ?? "entra");
  const [tenant, setTenant] = useState("");
  const [fields, setFields] = useState({
    issuer: provider?.issuer ?? "",
    client_id: provider?.client_id ?? "",
    client_secret: "",
    allowed_domain: provider?.allowed_domain ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const described = (f: string) => `${id}-${f}-error`;
  const set = (f: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields((v) => ({ ...v, [f]: e.target.value }));

  function chooseKind(next: Kind) {
    setKind(next);
    if (next === "google") setFields((v) => ({ ...v, issuer: GOOGLE_ISSUER }));
    if (next === "entra") setFields((v) => ({ ...v, issuer: tenant ? entraIssuer(tenant) : "" }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    const body = { kind, ...fields };
    const answer = editing
      ? await formRequest<SsoProviderSummary>(`/api/organization/sso/${provider.id}`, "PATCH", body)
      : await formRequest<SsoProviderSummary>("/api/organization/sso", "POST", body);
    setBusy(false);
    if (answer.ok) return onSaved(answer.data);
    setErrors(answer.fields);
    setMessage(answer.message);
  }

  const field = (f: keyof typeof fields, label: string, extra: React.ComponentProps<typeof Input> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${f}`}>{label}</Label>
      <Input
        id={`${id}-${f}`}
        name={f}
        value={fields[f]}
        onChange={set(f)}
        aria-describedby={described(f)}
        aria-invalid={errors[f] ? true : undefined}
        {...extra}
      />
      <FieldMessage id={described(f)} message={errors[f]} />
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? "Edit provider" : "New provider"}
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
    >
      {message && (
        <Alert variant="destructive">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-kind`}>Identity provider</Label>
          <select
            id={`${id}-kind`}
            name="kind"
            value={kind}
            onChange={(e) => chooseKind(e.target.value as Kind)}
            className={selectClass}
          >
            {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {kind === "entra" && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-tenant`}>Tenant ID (fills in the issuer)</Label>
            <Input
              id={`${id}-tenant`}
              value={tenant}
              placeholder="00000000-0000-0000-0000-000000000000"
              onChange={(e) => {
                setTenant(e.target.value);
                setFields((v) => ({ ...v, issuer: e.target.value.trim() ? entraIssuer(e.target.value) : "" }));
              }}
            />
          </div>
        )}
        {field("issuer", "Issuer URL", { placeholder: "https://login.example.com/realms/staff", inputMode: "url" })}
        {field("allowed_domain", "Allowed email domain", { placeholder: "university.edu" })}
        {field("client_id", "Client ID", { autoComplete: "off" })}
        {field("client_secret", editing ? "Client secret (leave blank to keep)" : "Client secret", {
          type: "password",
          autoComplete: "new-password",
        })}
      </div>
      <p className="text-xs text-muted-foreground">
        Saving fetches the issuer&apos;s discovery document to check it. The client secret is stored encrypted and is
        never shown again.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Checking the issuer..." : editing ? "Save changes" : "Add provider"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
