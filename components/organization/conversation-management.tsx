"use client";

import { LibraryBig, Pencil, Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { RoleplaySummary } from "@/lib/roleplays/present";

import { RoleplayRows } from "./roleplay-rows";

type Props = { roleplays: RoleplaySummary[]; groupNames: Map<string, string> };

/** The organisation's roleplays, loaded on the server with their groups and status (no per-roleplay fetch). */
export function ConversationManagement({ roleplays, groupNames }: Props) {
  const [selected, setSelected] = useState<string | null>(roleplays[0]?.id ?? null);
  const details = Object.fromEntries(
    roleplays.map((s) => [s.id, { assigned_groups: s.assigned_groups, is_active: s.is_active }]),
  );

  return (
    <Card aria-labelledby="conversation-management" id="conversation-management-card">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>
          <h2 id="conversation-management">Conversation Management</h2>
        </CardTitle>
        <CardAction className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link href="/workspace/create">
              <Plus aria-hidden />
              Create Conversation
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href="/organization/library">
              <LibraryBig aria-hidden />
              Add from library
            </Link>
          </Button>
          {selected ? (
            <Button asChild size="sm" variant="outline">
              <Link href={`/workspace/edit/${selected}`}>
                <Pencil aria-hidden />
                Edit Selected
              </Link>
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled>
              <Pencil aria-hidden />
              Edit Selected
            </Button>
          )}
        </CardAction>
      </CardHeader>
      <CardContent>
        {roleplays.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-8 text-center">
            <p className="font-medium">No conversations yet. Create your first conversation schema!</p>
            <p className="text-sm text-muted-foreground">
              Or start from a ready roleplay: the library has discovery calls, pitches, interviews and more.
            </p>
            <Button asChild size="sm">
              <Link href="/organization/library">
                <LibraryBig aria-hidden />
                Add from library
              </Link>
            </Button>
          </div>
        ) : (
          <RoleplayRows
            roleplays={roleplays}
            details={details}
            groupNames={groupNames}
            selected={selected}
            onSelect={setSelected}
          />
        )}
      </CardContent>
    </Card>
  );
}
