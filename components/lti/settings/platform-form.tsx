"use client";

import { useId, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formRequest } from "@/lib/client/api";
import type { PresentedPlatform } from "@/lib/lti/platforms";

type Props = { platform?: PresentedPlatform; onSaved: (p: PresentedPlatform) => void; onCancel: () => void };

const FIELDS = [
  { key: "name", label: "Name (for you)", hint: "e.g. Canvas (university)", type: "text" },
  { key: "issuer", label: "Issuer", hint: "Canvas: https://canvas.instructure.com", type: "url" },
  { key: "client_id", label: "Client id", hint: "The LMS shows it after you add Parley", type: "text" },
  {
    key: "auth_login_url",
    label: "Authentication request URL",
    hint: "The LMS's OIDC authorisation endpoint",
    type: "url",
  },
  { key: "auth_token_url", label: "Access token URL", hint: "The LMS's OAuth2 token endpoint", type: "url" },
  { key: "jwks_url", label: "Keyset URL", hint: "The LMS's public JWKS", type: "url" },
] as const;
type Key = (typeof FIELDS)[number]["key"];

/** Manual registration of one LMS: what its developer key (client) page shows, and its deployment ids. */
export function PlatformForm({ platform, onSaved, onCancel }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<Key, string>>({
    name: platform?.name ?? "",
    issuer: platform?.issuer ?? "",
    client_id: platform?.client_id ?? "",
    auth_login_url: platform?.auth_login_url ?? "",
    auth_token_url: platform?.auth_token_url ?? "",
    jwks_url: platform?.jwks_url ?? "",
  });
  const [deployments, setDeployments] = useState(platform?.deployment_ids.join("\n") ?? "");
  const [admins, setAdmins] = useState(platform?.instructors_become_admins ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const described = (f: string) => `${id}-${f}-error`;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const body = {
      ...values,
      deployment_ids: deployments
        .split(/[\n,]/)
        .map((d) => d.trim())
        .filter(Boolean),
      instructors_become_admins: admins,
    };
    const answer = platform
      ? await formRequest<PresentedPlatform>(`/api/organization/lti/platforms/${platform.id}`, "PUT", body)
      : await formRequest<PresentedPlatform>("/api/organization/lti/platforms", "POST", body);
    setBusy(false);
    if (answer.ok) return onSaved(answer.data);
    setErrors(answer.fields);
    setMessage(answer.message);
  }

  return (
    <form onSubmit={save} className="grid gap-4 rounded-lg border bg-background p-4" noValidate>
      <h3 className="font-medium">{platform ? `Edit ${platform.name || platform.issuer}` : "Add an LMS by hand"}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.key} className="grid gap-1.5">
            <Label htmlFor={`${id}-${f.key}`}>{f.label}</Label>
            <Input
              id={`${id}-${f.key}`}
              type={f.type}
              value={values[f.key]}
              placeholder={f.hint}
              aria-invalid={Boolean(errors[f.key])}
              aria-describedby={described(f.key)}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
            />
            <FieldMessage id={described(f.key)} message={errors[f.key]} />
          </div>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-deployments`}>Deployment ids (one per line)</Label>
        <Textarea
          id={`${id}-deployments`}
          rows={2}
          value={deployments}
          aria-invalid={Boolean(errors.deployment_ids)}
          aria-describedby={described("deployment_ids")}
          onChange={(e) => setDeployments(e.target.value)}
        />
        <FieldMessage id={described("deployment_ids")} message={errors.deployment_ids} />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-admins`}
          checked={admins}
          onCheckedChange={(v) => setAdmins(v === true)}
          aria-describedby={`${id}-admins-help`}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-admins`}>Course instructors become admins of this organization</Label>
          <p id={`${id}-admins-help`} className="text-sm text-muted-foreground">
            Parley has no course-level admins. With this on, an instructor launching from this LMS can add activities,
            see every learner&apos;s calls and review them in the whole organization. Off: instructors join as members.
          </p>
        </div>
      </div>
      {message ? (
        <Alert variant="destructive">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : platform ? "Save changes" : "Add LMS"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
