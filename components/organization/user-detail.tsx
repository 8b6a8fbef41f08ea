"use client";

import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";

import { ProgressLoader } from "@/components/progress/progress-loader";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { UserStats } from "@/lib/organizations/stats";

import { scoreLabel } from "./format";
import { UserConversations } from "./user-conversations";
import { UserScores } from "./user-scores";

export function UserDetail({ user, onBack }: { user: UserStats; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const figures = [
    ["Total Conversations", String(user.conversations)],
    ["Total Time (minutes)", String(user.time_minutes)],
    ["Average Score", scoreLabel(user.average_score)],
  ];
  return (
    <div className="space-y-6">
      <Button variant="ghost" onClick={onBack} className="-ml-3">
        <ArrowLeft aria-hidden />
        Back to Overview
      </Button>
      <div>
        <h1 ref={heading} tabIndex={-1} className="scroll-mt-32 text-2xl font-semibold tracking-tight outline-none">
          {user.name || user.email} - Stats Over Time
        </h1>
        <p className="text-muted-foreground">{user.email}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <Card key={label} className="gap-2 py-4">
            <CardContent>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
            </CardContent>
          </Card>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Performance Graph</h2>
          </CardTitle>
          <CardDescription>Score of each graded conversation, oldest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <UserScores userId={user.id} />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby="learner-progress">
        <CardHeader>
          <CardTitle>
            <h2 id="learner-progress">Progress by skill</h2>
          </CardTitle>
          <CardDescription>
            First, best and latest score and proficiency per roleplay, scorecard criterion and SPIN stage.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProgressLoader
            url={`/api/organization/progress?user_id=${encodeURIComponent(user.id)}`}
            viewer="instructor"
            empty="No graded practice in this organization yet."
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Conversations</h2>
          </CardTitle>
          <CardDescription>
            Every conversation in this organization, newest first; open one to see or review its grade.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <UserConversations userId={user.id} />
        </CardContent>
      </Card>
    </div>
  );
}
