"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

import { ScoreTable } from "@/components/dashboard/score-table";
import { Skeleton } from "@/components/ui/skeleton";
import { api, redirectIfAuthError } from "@/lib/client/api";
import type { ScorePoint } from "@/lib/organizations/scores";

const ScoreChart = dynamic(() => import("./score-chart").then((m) => m.ScoreChart), {
  ssr: false,
  loading: () => <Skeleton className="h-[260px] w-full" />,
});

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; points: ScorePoint[] };

/** The performance graph of the user detail view, with a text alternative for screen readers. */
export function UserScores({ userId }: { userId: string }) {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let live = true;
    api<ScorePoint[]>(`/api/organization/users/${userId}/scores`)
      .then((points) => live && setState({ status: "ready", points }))
      .catch((err) => {
        if (!live || redirectIfAuthError(err)) return;
        setState({ status: "error", message: err instanceof Error ? err.message : "Failed to load scores" });
      });
    return () => {
      live = false;
    };
  }, [userId]);

  if (state.status === "loading") {
    return (
      <div role="status">
        <Skeleton className="h-[260px] w-full" />
        <span className="sr-only">Loading scores...</span>
      </div>
    );
  }
  if (state.status === "error")
    return <p className="text-sm text-destructive">Could not load scores: {state.message}</p>;
  if (state.points.length === 0) {
    return <p className="py-10 text-center text-sm text-muted-foreground">No graded conversations yet.</p>;
  }
  return <ScoreSummary points={state.points} />;
}

function ScoreSummary({ points }: { points: ScorePoint[] }) {
  const scores = points.map((p) => p.score);
  const latest = scores[scores.length - 1];
  const best = Math.max(...scores);
  const first = scores[0];
  const trend =
    points.length < 2
      ? ""
      : latest > first
        ? ", up from " + first
        : latest < first
          ? ", down from " + first
          : ", level with the first";
  return (
    <figure className="space-y-3">
      <ScoreChart points={points} />
      <ScoreTable points={points} />
      <figcaption className="text-sm text-muted-foreground">
        {points.length} graded conversation{points.length === 1 ? "" : "s"}. Latest score {latest}
        {trend}; best {best}.
      </figcaption>
    </figure>
  );
}
