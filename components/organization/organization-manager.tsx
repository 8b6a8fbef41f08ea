"use client";

import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { ArrowLeft, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { api, redirectIfAuthError } from "@/lib/client/api";
import { ConversationManagement } from "./conversation-management";
import { GroupCard } from "./group-card";
import { ErrorScreen, LoadingScreen } from "./status-screens";
import type { OrganizationStats, UserStats } from "./types";
import { UserDetail } from "./user-detail";

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; stats: OrganizationStats };

/** getStats: empty groups come too, so schemas assigned to them are named; only groups with people get a card. */
function getStats() {
  return api<OrganizationStats>("/api/organization/stats-dashboard?include_empty_groups=true");
}

export function OrganizationManager() {
  const [state, setState] = useState<State>({ status: "loading" });
  const [selectedUser, setSelectedUser] = useState<UserStats | null>(null);

  useEffect(() => {
    getStats()
      .then((stats) => setState({ status: "ready", stats }))
      .catch((err) => {
        if (redirectIfAuthError(err)) return;
        setState({ status: "error", message: err instanceof Error ? err.message : "Failed to load organization data" });
      });
  }, []);

  const groupNames = useMemo(
    () => new Map(state.status === "ready" ? state.stats.groups.map((g) => [g.id, g.name]) : []),
    [state],
  );

  if (state.status === "loading") return <LoadingScreen label="Loading organization data..." />;
  if (state.status === "error") return <ErrorScreen title="Error Loading Organization" message={state.message} />;

  const groups = state.stats.groups.filter((g) => g.users.length > 0);
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      {selectedUser && <UserDetail user={selectedUser} onBack={() => setSelectedUser(null)} />}
      <div hidden={selectedUser !== null} className="space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{state.stats.organization_name} - Management</h1>
          <Button variant="outline" asChild>
            <Link href="/dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
        </header>
        {groups.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
              <Users className="size-8" aria-hidden />
              <p>No one has joined this organization yet.</p>
            </CardContent>
          </Card>
        ) : (
          groups.map((group) => <GroupCard key={group.id} group={group} onSelectUser={setSelectedUser} />)
        )}
        <ConversationManagement groupNames={groupNames} />
      </div>
    </main>
  );
}
