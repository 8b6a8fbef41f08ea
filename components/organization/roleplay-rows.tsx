"use client";

import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RoleplaySummary } from "@/lib/roleplays/present";

type RoleplayDetails = Pick<RoleplaySummary, "assigned_groups" | "is_active">;
type Props = {
  roleplays: Pick<RoleplaySummary, "id" | "name">[];
  details: Record<string, RoleplayDetails>;
  groupNames: Map<string, string>;
  selected: string | null;
  onSelect: (id: string) => void;
};

function assignedGroups(d: RoleplayDetails, names: Map<string, string>) {
  if (d.assigned_groups.length === 0) return "All Groups";
  return d.assigned_groups.map((id) => names.get(id) ?? id).join(", ");
}

export function RoleplayRows({ roleplays, details, groupNames, selected, onSelect }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Conversation</TableHead>
          <TableHead>Assigned Groups</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {roleplays.map((roleplay) => {
          const d = details[roleplay.id];
          const isSelected = roleplay.id === selected;
          return (
            <TableRow
              key={roleplay.id}
              data-state={isSelected ? "selected" : undefined}
              className="cursor-pointer"
              onClick={() => onSelect(roleplay.id)}
            >
              <TableCell>
                <label className="flex cursor-pointer items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name="selected-roleplay"
                    className="size-4 accent-primary"
                    checked={isSelected}
                    onChange={() => onSelect(roleplay.id)}
                  />
                  {roleplay.name}
                </label>
              </TableCell>
              <TableCell className="max-w-64 truncate">{d ? assignedGroups(d, groupNames) : "Loading..."}</TableCell>
              <TableCell>
                {!d ? (
                  "Loading..."
                ) : d.is_active ? (
                  <Badge variant="success">Active</Badge>
                ) : (
                  <Badge variant="secondary">Inactive</Badge>
                )}
              </TableCell>
              <TableCell className="text-right">
                <Button asChild size="sm" variant="ghost" onClick={(e) => e.stopPropagation()}>
                  <Link href={`/workspace/edit/${roleplay.id}`} aria-label={`Edit ${roleplay.name}`}>
                    Edit
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
