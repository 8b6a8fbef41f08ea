"use client";

import { Download } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { type AttentionFlag, FLAG_LABEL } from "@/lib/organizations/attention";

import { type Sort, SORT_LABEL, type SortKey, type StatusFilter } from "./learner-table";

type Props = {
  groups: { id: string; name: string }[];
  group: string;
  status: StatusFilter;
  sort: Sort;
  onGroup: (g: string) => void;
  onStatus: (s: StatusFilter) => void;
  onSort: (s: Sort) => void;
};

const selectClass =
  "h-11 w-full rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9";

/** Filter by group and status; sort (for phones, where the column headers are hidden); export what is shown. */
export function LearnerFilters({ groups, group, status, sort, onGroup, onStatus, onSort }: Props) {
  const id = useId();
  const exportHref = `/api/organization/export/grades.csv${group !== "all" && group !== "ungrouped" ? `?group_id=${group}` : ""}`;
  return (
    <div
      className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      role="group"
      aria-label="Filter learners"
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-group`} className="text-xs font-medium text-muted-foreground">
          Group
        </label>
        <select id={`${id}-group`} className={selectClass} value={group} onChange={(e) => onGroup(e.target.value)}>
          <option value="all">All groups</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-status`} className="text-xs font-medium text-muted-foreground">
          Status
        </label>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={status}
          onChange={(e) => onStatus(e.target.value as StatusFilter)}
        >
          <option value="all">All learners</option>
          <option value="attention">Needs attention (any flag)</option>
          {(Object.keys(FLAG_LABEL) as AttentionFlag[]).map((f) => (
            <option key={f} value={f}>
              {FLAG_LABEL[f]}
            </option>
          ))}
          <option value="on_track">On track</option>
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-sort`} className="text-xs font-medium text-muted-foreground">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className={selectClass}
          value={`${sort.key}:${sort.dir}`}
          onChange={(e) => {
            const [key, dir] = e.target.value.split(":") as [SortKey, "asc" | "desc"];
            onSort({ key, dir });
          }}
        >
          {(Object.keys(SORT_LABEL) as SortKey[]).flatMap((k) => [
            <option key={`${k}:asc`} value={`${k}:asc`}>
              {SORT_LABEL[k]} (ascending)
            </option>,
            <option key={`${k}:desc`} value={`${k}:desc`}>
              {SORT_LABEL[k]} (descending)
            </option>,
          ])}
        </select>
      </div>
      <Button variant="outline" asChild>
        <a href={exportHref} download>
          <Download aria-hidden /> Export grades (CSV)
        </a>
      </Button>
    </div>
  );
}
