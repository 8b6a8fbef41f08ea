"use client";

import { Ban, Lock, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

export type SchemaChoice = { id: string; name: string; description: string; is_public: boolean; persona: string; reachable?: boolean };

type Props = { schemas: SchemaChoice[]; selected: string | null; onSelect: (id: string) => void };

/** A single-choice list: radio semantics, so arrow keys and screen readers work as expected. */
export function SchemaList({ schemas, selected, onSelect }: Props) {
  return (
    <div role="radiogroup" aria-label="Roleplay schema" className="grid gap-2 pr-1">
      {schemas.map((schema) => {
        const checked = schema.id === selected;
        return (
          <label
            key={schema.id}
            className={cn(
              "flex cursor-pointer gap-3 rounded-md border p-3 transition-colors hover:bg-accent/60",
              "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              checked && "border-primary bg-accent",
            )}
          >
            <input type="radio" name="schema" value={schema.id} checked={checked} onChange={() => onSelect(schema.id)}
              className="mt-1 size-4 accent-(--primary)" />
            <span className="grid min-w-0 gap-1">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {schema.name}
                {schema.is_public ? (
                  <Badge variant="secondary"><Users aria-hidden /> Public</Badge>
                ) : (
                  <Badge variant="outline"><Lock aria-hidden /> Private</Badge>
                )}
                {schema.reachable === false ? (
                  <Badge variant="destructive" title="Private with no groups assigned: nobody can start it">
                    <Ban aria-hidden /> Reachable by no one
                  </Badge>
                ) : null}
              </span>
              <span className="text-xs text-muted-foreground">{schema.persona}</span>
              {schema.description ? <span className="line-clamp-2 text-sm text-muted-foreground">{schema.description}</span> : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}
