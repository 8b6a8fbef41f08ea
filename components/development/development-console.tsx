"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useCallback, useState } from "react";

import { ErrorScreen } from "@/components/organization/status-screens";
import { Button } from "@/components/ui/button";
import { api, redirectIfAuthError } from "@/lib/client/api";
import type { DevOrganization, OrganizationUser } from "@/lib/dev/organizations";

import type { RoleplayItem } from "./all-roleplays";
import { AllRoleplays } from "./all-roleplays";
import { LtiKeysPanel } from "./lti-keys-panel";
import { ModelPanel } from "./model-panel";
import { OrganizationUsers } from "./organization-users";
import { OrganizationsPanel } from "./organizations-panel";
import { SeedForm } from "./seed-form";

type State = { status: "error"; message: string } | { status: "ready" };
type Props = {
  initialOrganizations: DevOrganization[];
  initialUsers: OrganizationUser[];
  initialRoleplays: RoleplayItem[];
  /** The starter library's recommended set (read on the server: the library itself is not client code). */
  recommendedRoleplays: number;
};

/** Loaded on the server (organisations, the first one's users, every roleplay); reloads through the API after changes. */
export function DevelopmentConsole({
  initialOrganizations,
  initialUsers,
  initialRoleplays,
  recommendedRoleplays,
}: Props) {
  const [state, setState] = useState<State>({ status: "ready" });
  const [organizations, setOrganizations] = useState<DevOrganization[]>(initialOrganizations);
  const [selectedId, setSelectedId] = useState<string | null>(initialOrganizations[0]?.id ?? null);
  // The server's user list holds only until the selection or the list changes.
  const [serverUsersFresh, setServerUsersFresh] = useState(true);
  const [roleplaysKey, setRoleplaysKey] = useState(0);

  /** Reloads the list and selects `prefer` when present, else the first organisation. */
  const loadOrganizations = useCallback(async (prefer?: string | null) => {
    try {
      const { organizations: list } = await api<{ organizations: DevOrganization[] }>("/api/dev/organizations");
      setOrganizations(list);
      setServerUsersFresh(false);
      setSelectedId((current) => {
        const wanted = prefer === undefined ? current : prefer;
        return list.some((o) => o.id === wanted) ? wanted! : (list[0]?.id ?? null);
      });
      setState({ status: "ready" });
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setState({ status: "error", message: err instanceof Error ? err.message : "Failed to load organizations data" });
    }
  }, []);

  if (state.status === "error") return <ErrorScreen title="Error Loading Development Tools" message={state.message} />;

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Development Tools</h1>
          <p className="text-sm text-muted-foreground">Seed pilot organizations, join them and reach every roleplay.</p>
        </div>
        <Button variant="outline" asChild>
          <Link href="/dashboard">
            <ArrowLeft aria-hidden />
            Back
          </Link>
        </Button>
      </header>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <SeedForm recommendedRoleplays={recommendedRoleplays} onSeeded={(org) => void loadOrganizations(org.id)} />
        <div className="space-y-6">
          <OrganizationsPanel
            organizations={organizations}
            selectedId={selectedId}
            onSelect={(id) => {
              setServerUsersFresh(false);
              setSelectedId(id);
            }}
            onDeleted={() => {
              setRoleplaysKey((k) => k + 1);
              void loadOrganizations(null);
            }}
          />
          <OrganizationUsers
            key={selectedId ?? "none"}
            organizationId={selectedId}
            initialUsers={serverUsersFresh && selectedId === initialOrganizations[0]?.id ? initialUsers : undefined}
          />
        </div>
      </div>
      <AllRoleplays refreshKey={roleplaysKey} initial={initialRoleplays} />
      <ModelPanel />
      <LtiKeysPanel />
    </main>
  );
}
