"use client";

import Link from "next/link";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/client/api";
import type { RoleplayItem as PresentedRoleplay } from "@/lib/roleplays/present";

export type RoleplayItem = Pick<PresentedRoleplay, "id" | "name" | "organization">;

/** Every roleplay across organisations (return_all); a failure shows an empty list. */
export function AllRoleplays({ refreshKey, initial }: { refreshKey: number; initial: RoleplayItem[] }) {
  const [items, setItems] = useState<RoleplayItem[] | null>(initial);

  useEffect(() => {
    if (refreshKey === 0) return; // the server's list is current until something is deleted
    let live = true;
    api<RoleplayItem[]>("/api/protected/roleplay/list?return_all=true")
      .then((list) => live && setItems(list))
      .catch((err) => {
        console.error("Failed to load roleplays:", err);
        if (live) setItems([]);
      });
    return () => {
      live = false;
    };
  }, [refreshKey]);

  return (
    <Card aria-labelledby="dev-roleplays">
      <CardHeader>
        <CardTitle>
          <h2 id="dev-roleplays">All Roleplays</h2>
        </CardTitle>
        <CardDescription>Every conversation schema, across all organizations.</CardDescription>
      </CardHeader>
      <CardContent>
        {items === null ? (
          <div role="status" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <span className="sr-only">Loading roleplays...</span>
          </div>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No roleplays yet.</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto" aria-label="All roleplays">
            {items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <div className="truncate font-medium">{item.name}</div>
                  <div className="truncate text-xs text-muted-foreground">
                    {item.organization?.name || "No organization"}
                  </div>
                </div>
                <Button asChild size="sm" variant="outline">
                  <Link href={`/workspace/edit/${item.id}`} aria-label={`Edit ${item.name}`}>
                    Edit
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
