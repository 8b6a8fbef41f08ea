"use client";

import { ArrowDown, ArrowUp, ArrowUpDown, BarChart3 } from "lucide-react";
import { useState } from "react";

import { ScoreText } from "@/components/dashboard/score-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type AttentionFlag, FLAG_LABEL } from "@/lib/organizations/attention";
import type { GroupStats, UserStats } from "@/lib/organizations/stats";
import { cn } from "@/lib/utils";

import { lastActiveLabel } from "./format";
import { type Sort, SORT_LABEL, type SortKey } from "./learner-table";

type Props = {
  group: GroupStats;
  flags: Record<string, AttentionFlag[]>;
  sort: Sort;
  onSort: (key: SortKey) => void;
  onSelectUser: (user: UserStats) => void;
};

// On a phone each row becomes a card (globals.css: cohort-row, cohort-cell); the table keeps its roles.
const cell = "cohort-cell";
const PAGE = 30;

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align,
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort: (k: SortKey) => void;
  align?: "right";
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      role="columnheader"
      scope="col"
      aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
      className={cn("h-10 px-1 font-medium whitespace-nowrap", align === "right" ? "text-right" : "text-left")}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex items-center gap-1 rounded-md px-1 py-1 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {label}
        <Icon className={cn("size-3.5", active ? "text-foreground" : "text-muted-foreground")} aria-hidden />
        <span className="sr-only">
          {active ? `, sorted ${sort.dir === "asc" ? "ascending" : "descending"}` : ", sort"}
        </span>
      </button>
    </th>
  );
}

export function GroupCard({ group, flags, sort, onSort, onSelectUser }: Props) {
  const headingId = `group-${group.id}`;
  // Large groups open with their first rows (in the chosen order); the rest on request.
  const [all, setAll] = useState(false);
  const rows = all ? group.users : group.users.slice(0, PAGE);
  const header = (key: SortKey, label = SORT_LABEL[key], align?: "right") => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} align={align} />
  );
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>{group.name}</h2>
        </CardTitle>
        {group.description && <CardDescription>{group.description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <table role="table" aria-labelledby={headingId} className="w-full text-sm">
          <thead className="border-b max-sm:sr-only">
            <tr role="row">
              {header("name", "User")}
              {header("conversations", "Conversations", "right")}
              {header("time_minutes", "Time", "right")}
              {header("average_score", "Avg Score", "right")}
              {header("last_active", "Last Active")}
              <th role="columnheader" scope="col" className="h-10 px-2 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-3">
            {rows.map((user) => {
              const mine = flags[user.id] ?? [];
              const inactive = lastActiveLabel(user.last_active) === "Inactive";
              return (
                <tr role="row" key={user.id} className="cohort-row" onClick={() => onSelectUser(user)}>
                  <td role="cell" className="p-2 align-middle max-sm:px-0 max-sm:pb-2">
                    <div className="font-medium">{user.name || "Unnamed user"}</div>
                    <div className="text-xs break-all text-muted-foreground">{user.email}</div>
                    {mine.length ? (
                      <ul className="mt-1 flex flex-wrap gap-1" aria-label="Needs attention">
                        {mine.map((f) => (
                          <li key={f}>
                            <span
                              className={
                                f === "overdue" || f === "below_pass_mark"
                                  ? "cohort-flag cohort-flag-urgent"
                                  : "cohort-flag"
                              }
                            >
                              {FLAG_LABEL[f]}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td role="cell" data-label="Conversations" className="cohort-cell cohort-num">
                    {user.conversations}
                  </td>
                  <td role="cell" data-label="Time" className="cohort-cell cohort-num">
                    {user.time_minutes}m
                  </td>
                  <td role="cell" data-label="Avg Score" className="cohort-cell sm:text-right">
                    {user.average_score === null ? (
                      <span className="text-muted-foreground">
                        —<span className="sr-only">No score yet</span>
                      </span>
                    ) : (
                      <ScoreText score={user.average_score} />
                    )}
                  </td>
                  <td role="cell" data-label="Last Active" className={cn(cell, inactive && "text-muted-foreground")}>
                    {lastActiveLabel(user.last_active)}
                  </td>
                  <td role="cell" className="p-2 align-middle max-sm:px-0 max-sm:pt-2 sm:text-right">
                    <button
                      type="button"
                      className="cohort-action"
                      aria-label={`View Stats for ${user.name || user.email}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onSelectUser(user);
                      }}
                    >
                      <BarChart3 aria-hidden />
                      View Stats
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length < group.users.length ? (
          <Button variant="outline" className="mt-3 w-full" onClick={() => setAll(true)}>
            Show all {group.users.length} learners
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
