"use client";

import { useId, useState } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

import { ProgressLoader } from "./progress-loader";

/** The organisation page's progress by skill for all learners or one group. */
export function CohortProgress({ groups }: { groups: { id: string; name: string }[] }) {
  const id = useId();
  const [group, setGroup] = useState("");
  const url = group ? `/api/organization/progress?group_id=${encodeURIComponent(group)}` : "/api/organization/progress";
  return (
    <Card role="region" aria-labelledby={`${id}-title`} id="progress">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Progress by skill</h2>
        </CardTitle>
        <CardDescription>
          Learners&apos; practice per roleplay, scorecard criterion and SPIN stage, week by week.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {groups.length ? (
          <div className="grid gap-1.5 sm:max-w-sm">
            <label htmlFor={`${id}-group`} className="text-sm font-medium">
              Learners
            </label>
            <select
              id={`${id}-group`}
              value={group}
              onChange={(e) => setGroup(e.target.value)}
              className="h-11 w-full min-w-0 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9"
            >
              <option value="">All learners</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <ProgressLoader url={url} viewer="instructor" empty="No graded practice from these learners yet." />
      </CardContent>
    </Card>
  );
}
