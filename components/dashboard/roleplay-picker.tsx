"use client";

import { LibraryBig, Pencil, Play, Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useStartRoleplay } from "@/lib/client/start-roleplay";
import { useHydrated } from "@/lib/client/use-hydrated";

import { type RoleplayChoice, RoleplayList } from "./roleplay-list";
import { StartBar } from "./start-bar";

type Props = { roleplays: RoleplayChoice[]; canManage: boolean };

/** A disabled button cannot hover or focus, so the tooltip hangs on a focusable wrapper. */
function AdminOnly({ allowed, tip, children }: { allowed: boolean; tip: string; children: React.ReactNode }) {
  if (allowed) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          aria-label={tip}
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

export function RoleplayPicker({ roleplays, canManage }: Props) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<string | null>(roleplays[0]?.id ?? null);
  const { start, starting } = useStartRoleplay();
  const chosen = roleplays.find((r) => r.id === selected);

  async function startRoleplay() {
    if (selected) await start(selected);
  }

  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>
          <h2>Conversations</h2>
        </CardTitle>
        <CardDescription>Choose a roleplay to practise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {roleplays.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            <p className="font-medium text-foreground">No conversations yet. Create your first conversation schema!</p>
            {canManage ? (
              <Button asChild size="sm" variant="outline">
                <Link href="/organization/library">
                  <LibraryBig aria-hidden /> Add from library
                </Link>
              </Button>
            ) : (
              <p>Your instructor hasn&apos;t shared a roleplay with you yet. It will appear here as soon as they do.</p>
            )}
          </div>
        ) : (
          <ScrollArea className="max-h-96" aria-label="Roleplay schemas">
            <RoleplayList roleplays={roleplays} selected={selected} onSelect={setSelected} />
          </ScrollArea>
        )}
        <div className="flex flex-wrap gap-2">
          <StartBar chosen={chosen?.name}>
            <Button onClick={startRoleplay} disabled={!selected || starting !== null}>
              <Play aria-hidden /> {starting !== null ? "Starting..." : "Start Roleplay"}
            </Button>
          </StartBar>
          <AdminOnly allowed={canManage} tip="Only admins can create conversations">
            {canManage ? (
              <Button variant="outline" asChild>
                <Link href="/workspace/create">
                  <Plus aria-hidden /> Create
                </Link>
              </Button>
            ) : (
              <Button variant="outline" disabled>
                <Plus aria-hidden /> Create
              </Button>
            )}
          </AdminOnly>
          <AdminOnly allowed={canManage} tip="Only admins can edit conversations">
            <Button
              variant="outline"
              // A click before hydration would do nothing: the button waits for React.
              disabled={!hydrated || !canManage || !selected}
              onClick={() => router.push(`/workspace/edit/${selected}`)}
            >
              <Pencil aria-hidden /> Edit
            </Button>
          </AdminOnly>
        </div>
      </CardContent>
    </Card>
  );
}
