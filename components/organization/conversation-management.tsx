"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Plus, Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/client/api";
import { SchemaRows } from "./schema-rows";
import type { SchemaDetails, SchemaListItem } from "./types";

/** Spec section 2: the schema list, then every schema's details fetched in parallel. */
export function ConversationManagement({ groupNames }: { groupNames: Map<string, string> }) {
  const [schemas, setSchemas] = useState<SchemaListItem[] | null>(null);
  const [details, setDetails] = useState<Record<string, SchemaDetails>>({});
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api<SchemaListItem[]>("/api/protected/roleplay/list")
      .then((list) => {
        if (!live) return;
        setSchemas(list);
        setSelected(list[0]?.id ?? null);
        for (const schema of list) {
          api<SchemaDetails>(`/api/protected/roleplay/select/${schema.id}`)
            .then((d) => live && setDetails((prev) => ({ ...prev, [schema.id]: d })))
            .catch((err) => console.error(`Failed to load schema ${schema.id}:`, err));
        }
      })
      .catch((err) => {
        console.error("Failed to load schemas:", err);
        if (live) setSchemas([]);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Card aria-labelledby="conversation-management">
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
        {schemas === null ? (
          <div role="status" className="space-y-2">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
            <span className="sr-only">Loading conversations...</span>
          </div>
        ) : schemas.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No conversations yet. Create your first conversation schema!</p>
        ) : (
          <SchemaRows schemas={schemas} details={details} groupNames={groupNames} selected={selected} onSelect={setSelected} />
        )}
      </CardContent>
    </Card>
  );
}
