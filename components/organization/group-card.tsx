"use client";

import { BarChart3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { lastActiveLabel, scoreLabel } from "./format";
import type { GroupStats, UserStats } from "./types";

export function GroupCard({ group, onSelectUser }: { group: GroupStats; onSelectUser: (user: UserStats) => void }) {
  const headingId = `group-${group.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>{group.name}</h2>
        </CardTitle>
        {group.description && <CardDescription>{group.description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead className="text-right">Conversations</TableHead>
              <TableHead className="text-right">Time</TableHead>
              <TableHead className="text-right">Avg Score</TableHead>
              <TableHead>Last Active</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {group.users.map((user) => (
              <TableRow key={user.id} className="cursor-pointer" onClick={() => onSelectUser(user)}>
                <TableCell>
                  <div className="font-medium">{user.name || "Unnamed user"}</div>
                  <div className="text-xs text-muted-foreground">{user.email}</div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{user.conversations}</TableCell>
                <TableCell className="text-right tabular-nums">{user.time_minutes}m</TableCell>
                <TableCell className="text-right tabular-nums">
                  {user.average_score === null ? <span className="text-muted-foreground">—<span className="sr-only">No score yet</span></span> : scoreLabel(user.average_score)}
                </TableCell>
                <TableCell className={lastActiveLabel(user.last_active) === "Inactive" ? "text-muted-foreground" : undefined}>
                  {lastActiveLabel(user.last_active)}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`View Stats for ${user.name || user.email}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onSelectUser(user);
                    }}
                  >
                    <BarChart3 aria-hidden />
                    View Stats
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
