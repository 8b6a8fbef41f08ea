"use client";

import { UserPlus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api, redirectIfAuthError } from "@/lib/client/api";
import { getStoredUser } from "@/lib/client/storage";
import type { OrganizationUser } from "@/lib/dev/organizations";

import { ComingSoonButton } from "./coming-soon-button";

type Notice = { kind: "error" | "success"; text: string } | null;

/** A failure loading users shows an empty list. */
async function fetchUsers(id: string): Promise<OrganizationUser[]> {
  try {
    return (await api<{ users: OrganizationUser[] }>(`/api/dev/organization/${id}/users`)).users;
  } catch (err) {
    console.error("Failed to load users:", err);
    return [];
  }
}

export function OrganizationUsers({
  organizationId,
  initialUsers,
}: {
  organizationId: string | null;
  initialUsers?: OrganizationUser[];
}) {
  const [users, setUsers] = useState<OrganizationUser[] | null>(initialUsers ?? null);
  const [notice, setNotice] = useState<Notice>(null);
  const [joining, setJoining] = useState(false);

  const load = useCallback((id: string) => fetchUsers(id).then(setUsers), []);

  // The parent keys this component by organisation, so state starts fresh for each one.
  useEffect(() => {
    if (!organizationId || initialUsers) return; // loaded on the server
    let cancelled = false;
    fetchUsers(organizationId).then((list) => {
      if (!cancelled) setUsers(list);
    });
    return () => {
      cancelled = true;
    };
  }, [organizationId, initialUsers]);

  async function joinAsAdmin() {
    if (!organizationId) return;
    const stored = getStoredUser();
    if (!stored) return setNotice({ kind: "error", text: "No user found in local storage. Please sign in again." });
    if (!stored.id) return setNotice({ kind: "error", text: "Invalid user session. Please sign in again." });
    setJoining(true);
    try {
      const res = await api<{ message?: string }>("/api/dev/organization/add_user", {
        method: "POST",
        body: { user_id: stored.id, organization_id: organizationId, role: "admin" },
      });
      setNotice({ kind: "success", text: res.message ?? "Joined as admin" });
      await load(organizationId);
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setNotice({ kind: "error", text: err instanceof Error ? err.message : "Failed to join organization" });
    } finally {
      setJoining(false);
    }
  }

  return (
    <Card aria-labelledby="dev-users">
      <CardHeader>
        <CardTitle>
          <h2 id="dev-users">Users</h2>
        </CardTitle>
        <CardDescription>
          {organizationId ? "People in the selected organization." : "Select an organization to see its users."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={joinAsAdmin} disabled={!organizationId || joining}>
            <UserPlus aria-hidden />
            {joining ? "Joining..." : "Join as admin"}
          </Button>
          <ComingSoonButton label="Add User" tip="coming soon" />
          <ComingSoonButton label="Remove User" tip="coming soon" />
        </div>
        {notice && (
          <Alert variant={notice.kind === "error" ? "destructive" : "success"}>
            <AlertDescription>{notice.text}</AlertDescription>
          </Alert>
        )}
        {organizationId && users === null && (
          <div role="status" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <span className="sr-only">Loading users...</span>
          </div>
        )}
        {users?.length === 0 && (
          <p className="py-6 text-center text-sm text-muted-foreground">No users in this organization.</p>
        )}
        {users && users.length > 0 && (
          <ul className="max-h-96 divide-y overflow-y-auto" aria-label="Organization users">
            {users.map((u) => (
              <li key={u.user_id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <div className="truncate font-medium">{u.name || "Unnamed user"}</div>
                  <div className="truncate text-xs text-muted-foreground" title={u.email}>
                    {u.email}
                  </div>
                </div>
                <Badge variant={u.role === "admin" ? "default" : "info"}>{u.role}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
