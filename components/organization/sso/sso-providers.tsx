"use client";

import { ArrowLeft, KeyRound, Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { formRequest } from "@/lib/client/api";
import { KIND_LABELS } from "@/lib/sso/issuers";
import type { SsoProviderSummary } from "@/lib/sso/providers";

import { SsoProviderForm } from "./sso-provider-form";

type Props = { providers: SsoProviderSummary[]; organizationName: string };

/** The organization's identity providers: add, edit, turn on or off, delete. */
export function SsoProviders({ providers: initial, organizationName }: Props) {
  const [providers, setProviders] = useState(initial);
  const [editing, setEditing] = useState<string | "new" | null>(initial.length ? null : "new");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const replace = (p: SsoProviderSummary) =>
    setProviders((list) => (list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [...list, p]));

  async function toggle(p: SsoProviderSummary, enabled: boolean) {
    setError(null);
    const answer = await formRequest<SsoProviderSummary>(`/api/organization/sso/${p.id}`, "PATCH", { enabled });
    if (answer.ok) replace(answer.data);
    else setError(answer.message);
  }

  async function remove(p: SsoProviderSummary) {
    setError(null);
    const answer = await formRequest(`/api/organization/sso/${p.id}`, "DELETE");
    setConfirming(null);
    if (answer.ok) setProviders((list) => list.filter((x) => x.id !== p.id));
    else setError(answer.message);
  }

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <KeyRound className="size-6 text-primary" aria-hidden />
            Single sign-on
          </h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            People with an address of an allowed domain sign in with their {organizationName || "organization"} account
            (Microsoft Entra ID, Google Workspace or any OpenID Connect issuer). A first sign-in joins them as a member.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link href="/organization">
            <ArrowLeft aria-hidden />
            Back to Organization
          </Link>
        </Button>
      </header>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {providers.length === 0 && editing !== "new" && (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No identity provider yet. Add one to let people sign in with their organization account.
        </p>
      )}
      <ul className="space-y-4" aria-label="Identity providers">
        {providers.map((p) => (
          <li key={p.id} className="space-y-3 rounded-lg border p-4">
            {editing === p.id ? (
              <SsoProviderForm
                provider={p}
                onSaved={(saved) => {
                  replace(saved);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <ProviderCard
                provider={p}
                confirming={confirming === p.id}
                onToggle={(on) => toggle(p, on)}
                onEdit={() => setEditing(p.id)}
                onDelete={() => (confirming === p.id ? remove(p) : setConfirming(p.id))}
                onKeep={() => setConfirming(null)}
              />
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <SsoProviderForm
          onSaved={(saved) => {
            replace(saved);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden />
          Add a provider
        </Button>
      )}
    </main>
  );
}

type CardProps = {
  provider: SsoProviderSummary;
  confirming: boolean;
  onToggle: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onKeep: () => void;
};

function ProviderCard({ provider: p, confirming, onToggle, onEdit, onDelete, onKeep }: CardProps) {
  const switchId = `sso-enabled-${p.id}`;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="font-medium">
            {KIND_LABELS[p.kind]} · @{p.allowed_domain}
          </h2>
          <p className="text-sm break-all text-muted-foreground">{p.issuer}</p>
        </div>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={p.enabled} onCheckedChange={onToggle} />
          <label htmlFor={switchId} className="text-sm">
            {p.enabled ? "On" : "Off"}
          </label>
        </div>
      </div>
      {!p.secret_readable && (
        <Badge variant="warning">The client secret can no longer be read: edit the provider and enter it again</Badge>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Client ID</dt>
        <dd className="break-all">{p.client_id}</dd>
        <dt className="text-muted-foreground">Redirect URI to register</dt>
        <dd className="break-all">
          <code className="rounded bg-muted px-1 py-0.5 text-xs" data-testid="redirect-uri">
            {p.redirect_uri}
          </code>
        </dd>
        <dt className="text-muted-foreground">Sign-ins so far</dt>
        <dd>{p.sign_ins === 1 ? "1 person" : `${p.sign_ins} people`}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit
        </Button>
        <Button variant={confirming ? "destructive" : "outline"} size="sm" onClick={onDelete}>
          {confirming ? "Confirm delete" : "Delete"}
        </Button>
        {confirming && (
          <Button variant="ghost" size="sm" onClick={onKeep}>
            Cancel
          </Button>
        )}
      </div>
    </>
  );
}
