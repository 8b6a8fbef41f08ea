"use client";

import { AlertTriangle, Trash2 } from "lucide-react";
import { useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { api, redirectIfAuthError } from "@/lib/client/api";
import type { DevOrganization } from "@/lib/dev/organizations";
import { cn } from "@/lib/utils";

import { ComingSoonButton } from "./coming-soon-button";

type Props = {
  organizations: DevOrganization[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
};

export function OrganizationsPanel({ organizations, selectedId, onSelect, onDeleted }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selected = organizations.find((o) => o.id === selectedId) ?? null;

  async function confirmDelete() {
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      await api("/api/dev/organization/delete", { method: "DELETE", body: { organization_id: selected.id } });
      setConfirming(false);
      onDeleted(selected.id);
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setError(err instanceof Error ? err.message : "Failed to delete organization");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="dev-organizations">
      <CardHeader>
        <CardTitle>
          <h2 id="dev-organizations">Organizations</h2>
        </CardTitle>
        <CardAction className="flex gap-2">
          <ComingSoonButton label="Create" />
          <ComingSoonButton label="Edit" />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4">
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {organizations.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No organizations yet. Seed one to get started.
          </p>
        ) : (
          <ul className="max-h-80 space-y-1 overflow-y-auto pr-1" aria-label="Organizations">
            {organizations.map((org) => (
              <li key={org.id}>
                <button
                  type="button"
                  aria-pressed={org.id === selectedId}
                  onClick={() => {
                    setConfirming(false);
                    onSelect(org.id);
                  }}
                  className={cn(
                    "w-full rounded-md border px-3 py-2 text-left transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                    org.id === selectedId ? "border-primary bg-primary/5" : "border-transparent",
                  )}
                >
                  <span className="block font-medium">{org.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {org.description ? `${org.description} · ` : ""}created{" "}
                    {new Date(org.created_at).toLocaleDateString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {selected && !confirming && (
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        )}
        {selected && confirming && (
          <div
            role="alert"
            className="space-y-3 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950"
          >
            <p className="flex gap-2">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-orange-600" aria-hidden />
              <span>
                Deleting <strong>{selected.name}</strong> removes its groups, memberships, schemas and conversations,
                and every account that belongs only to it. This cannot be undone.
              </span>
            </p>
            <div className="flex gap-2">
              <Button variant="destructive" size="sm" onClick={confirmDelete} disabled={busy}>
                {busy ? "Deleting..." : "Confirm"}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
