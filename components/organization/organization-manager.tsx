"use client";

import { ArrowLeft, Download, Users } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";

import { CohortProgress } from "@/components/progress/cohort-progress";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { Cohort } from "@/lib/organizations/cohort";
import type { JoinCodeSummary } from "@/lib/organizations/join-codes";
import type { UserStats } from "@/lib/organizations/stats";
import type { RoleplaySummary } from "@/lib/roleplays/present";

import { AdminLinks } from "./admin-links";
import { AssignmentsPanel } from "./assignments-panel";
import { CohortSummary } from "./cohort-summary";
import { ConversationManagement } from "./conversation-management";
import { GroupCard } from "./group-card";
import { JoinCodesPanel } from "./join-codes-panel";
import { LearnerFilters } from "./learner-filters";
import { matchesStatus, type Sort, type SortKey, sortLearners, type StatusFilter } from "./learner-table";
import { UserDetail } from "./user-detail";

type Props = { cohort: Cohort; roleplays: RoleplaySummary[]; joinCodes: JoinCodeSummary[] };

/** The organisation page, from data loaded on the server: overview (summary, assignments, learners, roleplays) or one user's detail. */
export function OrganizationManager({ cohort, roleplays, joinCodes }: Props) {
  const { stats, flags, summary, assignments } = cohort;
  const [selectedUser, setSelectedUser] = useState<UserStats | null>(null);
  const [group, setGroup] = useState("all");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [sort, setSort] = useState<Sort>({ key: "name", dir: "asc" });

  const groupNames = useMemo(() => new Map(stats.groups.map((g) => [g.id, g.name])), [stats]);
  const peopleGroups = stats.groups.filter((g) => g.users.length > 0);
  const realGroups = stats.groups.filter((g) => g.id !== "ungrouped");
  const people = useMemo(() => new Map(stats.groups.flatMap((g) => g.users).map((u) => [u.id, u])), [stats]);
  const needHelp = useMemo(() => Object.values(flags).filter((f) => f.length > 0).length, [flags]);
  const shown = peopleGroups
    .filter((g) => group === "all" || g.id === group)
    .map((g) => ({
      ...g,
      users: sortLearners(
        g.users.filter((u) => matchesStatus(flags[u.id] ?? [], status)),
        sort,
        flags,
      ),
    }))
    .filter((g) => g.users.length > 0);

  const onHeaderSort = (key: SortKey) =>
    setSort((s) =>
      s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: key === "name" ? "asc" : "desc" },
    );

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      {selectedUser && <UserDetail user={selectedUser} onBack={() => setSelectedUser(null)} />}
      <div hidden={selectedUser !== null} className="space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{stats.organization_name} - Management</h1>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href="/api/organization/export/grades.csv" download>
                <Download aria-hidden />
                Export all grades
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/dashboard">
                <ArrowLeft aria-hidden />
                Back to Dashboard
              </Link>
            </Button>
          </div>
        </header>
        <nav aria-label="On this page" className="-mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href="#assignments" className="text-primary underline-offset-4 hover:underline">
            Assignments
          </a>
          <a href="#progress" className="text-primary underline-offset-4 hover:underline">
            Progress
          </a>
          <a href="#learners" className="text-primary underline-offset-4 hover:underline">
            Learners
          </a>
          <a href="#join-codes" className="text-primary underline-offset-4 hover:underline">
            Join codes
          </a>
          <a href="#conversation-management-card" className="text-primary underline-offset-4 hover:underline">
            Conversation Management
          </a>
        </nav>
        <AdminLinks />
        <CohortSummary summary={summary} needHelp={needHelp} />
        <AssignmentsPanel
          assignments={assignments}
          roleplays={roleplays.filter((s) => s.is_active)}
          groups={realGroups}
          people={people}
        />
        <CohortProgress groups={realGroups} />
        <section id="learners" aria-label="Learners" className="space-y-4">
          {peopleGroups.length === 0 ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
                <Users className="size-8" aria-hidden />
                <p>No one has joined this organization yet.</p>
              </CardContent>
            </Card>
          ) : (
            <>
              <LearnerFilters
                groups={peopleGroups}
                group={group}
                status={status}
                sort={sort}
                onGroup={setGroup}
                onStatus={setStatus}
                onSort={setSort}
              />
              {shown.length === 0 ? (
                <Card>
                  <CardContent className="flex flex-col items-center gap-3 py-8 text-center text-muted-foreground">
                    <p>No learners match these filters.</p>
                    <Button
                      variant="outline"
                      onClick={() => {
                        setGroup("all");
                        setStatus("all");
                      }}
                    >
                      Clear filters
                    </Button>
                  </CardContent>
                </Card>
              ) : (
                shown.map((g) => (
                  <GroupCard
                    key={g.id}
                    group={g}
                    flags={flags}
                    sort={sort}
                    onSort={onHeaderSort}
                    onSelectUser={setSelectedUser}
                  />
                ))
              )}
            </>
          )}
        </section>
        <JoinCodesPanel codes={joinCodes} groups={realGroups} />
        <ConversationManagement roleplays={roleplays} groupNames={groupNames} />
      </div>
    </main>
  );
}
