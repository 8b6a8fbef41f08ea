"use client";

import { Ban, Lock, Users } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

export type RoleplayChoice = {
  id: string;
  name: string;
  description: string;
  is_public: boolean;
  persona: string;
  reachable?: boolean;
};

type Props = { roleplays: RoleplayChoice[]; selected: string | null; onSelect: (id: string) => void };

/** A single-choice list: radio semantics, so arrow keys and screen readers work as expected. */
export function RoleplayList({ roleplays, selected, onSelect }: Props) {
  return (
    <div role="radiogroup" aria-label="Roleplay schema" className="grid gap-2 pr-1">
      {roleplays.map((roleplay) => {
        const checked = roleplay.id === selected;
        return (
          <label
            key={roleplay.id}
            className={cn(
              "flex cursor-pointer gap-3 rounded-md border p-3 transition-colors hover:bg-accent/60",
              "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              checked && "border-primary bg-accent",
            )}
          >
            <input
              type="radio"
              name="roleplay"
              value={roleplay.id}
              checked={checked}
              onChange={() => onSelect(roleplay.id)}
              className="mt-1 size-4 accent-(--primary)"
            />
            <span className="grid min-w-0 gap-1">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {roleplay.name}
                {roleplay.is_public ? (
                  <Badge variant="secondary">
                    <Users aria-hidden /> Public
                  </Badge>
                ) : (
                  <Badge variant="outline">
                    <Lock aria-hidden /> Private
                  </Badge>
                )}
                {roleplay.reachable === false ? (
                  <Badge variant="destructive" title="Private with no groups assigned: nobody can start it">
                    <Ban aria-hidden /> Reachable by no one
                  </Badge>
                ) : null}
              </span>
              <span className="text-xs text-muted-foreground">{roleplay.persona}</span>
              {roleplay.description ? (
                <span className="line-clamp-2 text-sm text-muted-foreground">{roleplay.description}</span>
              ) : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}
