import { Building2, Clock, MessageSquare, Star } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Dashboard } from "@/lib/dashboard/service";

function Stat({ title, icon: Icon, children }: { title: string; icon: typeof Clock; children: React.ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">
          <h2>{title}</h2>
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function StatCards({ dashboard }: { dashboard: Dashboard }) {
  const { stats, organization, organizationRole } = dashboard;
  return (
    <section aria-label="Your statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat title="Total Conversations" icon={MessageSquare}>
        <p className="text-3xl font-semibold">{stats.totalConversations}</p>
      </Stat>
      <Stat title="Total Time" icon={Clock}>
        <p className="text-3xl font-semibold">
          {stats.totalTimeMinutes}{" "}
          <span className="text-base font-normal text-muted-foreground">
            {stats.totalTimeMinutes === 1 ? "minute" : "minutes"}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">Finished calls, rounded to the nearest minute</p>
      </Stat>
      <Stat title="Average Score" icon={Star}>
        <p className="text-3xl font-semibold">{stats.averageScore === null ? "—" : stats.averageScore.toFixed(1)}</p>
        {stats.averageScore === null ? (
          <p className="text-xs text-muted-foreground">No graded conversations yet</p>
        ) : null}
      </Stat>
      <Stat title="Organization" icon={Building2}>
        <p className="line-clamp-2 text-lg leading-snug font-semibold" title={organization || undefined}>
          {organization || "No Organization"}
        </p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <p className="text-xs font-medium tracking-wide text-muted-foreground">{organizationRole.toUpperCase()}</p>
          {organizationRole === "admin" ? (
            <Button size="sm" variant="outline" asChild>
              <Link href="/organization">Manage</Link>
            </Button>
          ) : null}
          {organization ? null : (
            <a
              href="#join-organization"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Enter a join code
            </a>
          )}
        </div>
      </Stat>
    </section>
  );
}
