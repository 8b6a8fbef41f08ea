"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { SchemaDetails, SchemaListItem } from "./types";

type Props = {
  schemas: SchemaListItem[];
  details: Record<string, SchemaDetails>;
  groupNames: Map<string, string>;
  selected: string | null;
  onSelect: (id: string) => void;
};

function assignedGroups(d: SchemaDetails, names: Map<string, string>) {
  if (d.assigned_groups.length === 0) return "All Groups";
  return d.assigned_groups.map((id) => names.get(id) ?? id).join(", ");
}

export function SchemaRows({ schemas, details, groupNames, selected, onSelect }: Props) {
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
        {schemas.map((schema) => {
          const d = details[schema.id];
          const isSelected = schema.id === selected;
          return (
            <TableRow
              key={schema.id}
              data-state={isSelected ? "selected" : undefined}
              className="cursor-pointer"
              onClick={() => onSelect(schema.id)}
            >
              <TableCell>
                <label className="flex cursor-pointer items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name="selected-schema"
                    className="size-4 accent-primary"
                    checked={isSelected}
                    onChange={() => onSelect(schema.id)}
                  />
                  {schema.name}
                </label>
              </TableCell>
              <TableCell className="max-w-64 truncate">{d ? assignedGroups(d, groupNames) : "Loading..."}</TableCell>
              <TableCell>
                {!d ? "Loading..." : d.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
              </TableCell>
              <TableCell className="text-right">
                <Button asChild size="sm" variant="ghost" onClick={(e) => e.stopPropagation()}>
                  <Link href={`/workspace/edit/${schema.id}`} aria-label={`Edit ${schema.name}`}>
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
