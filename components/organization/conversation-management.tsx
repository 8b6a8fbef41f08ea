"use client";

import { Pencil, Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { RoleplaySummary } from "@/lib/roleplays/present";

import { RoleplayRows } from "./roleplay-rows";

type Props = { roleplays: RoleplaySummary[]; groupNames: Map<string, string> };

/** The organisation's roleplays, loaded on the server with their groups and status (no per-schema fetch). */
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
          <p className="py-8 text-center text-muted-foreground">
            No conversations yet. Create your first conversation schema!
          </p>
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
