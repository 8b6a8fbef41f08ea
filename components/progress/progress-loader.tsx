"use client";

import { useCallback, useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { api, redirectIfAuthError } from "@/lib/client/api";

import { type ProgressData, SkillProgress, type Viewer } from "./skill-progress";

type State =
  | { status: "loading" }
  | { status: "error"; message: string; for: string }
  | { status: "ready"; data: ProgressData; for: string };

/** Progress by skill from the API, with its loading, error and empty states (the organisation page). */
export function ProgressLoader({ url, viewer, empty }: { url: string; viewer: Viewer; empty: string }) {
  const [loaded, setLoaded] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // An answer belongs to one request: another group or a retry is loading until its own answer comes.
  const request = `${url}#${attempt}`;
  const state: State = loaded.status !== "loading" && loaded.for === request ? loaded : { status: "loading" };

  useEffect(() => {
    let live = true;
    api<ProgressData>(url)
      .then((data) => live && setLoaded({ status: "ready", data, for: request }))
      .catch((err) => {
        if (!live || redirectIfAuthError(err)) return;
        const message = err instanceof Error ? err.message : "Failed to load progress";
        setLoaded({ status: "error", message, for: request });
      });
    return () => {
      live = false;
    };
  }, [url, request]);

  if (state.status === "loading") {
    return (
      <div role="status" className="grid gap-3">
        <Skeleton className="h-9 w-full sm:max-w-sm" />
        <Skeleton className="h-48 w-full" />
        <span className="sr-only">Loading progress...</span>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        Could not load progress: {state.message}
        <Button size="sm" variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.data.sessions === 0) return <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>;
  return <SkillProgress data={state.data} viewer={viewer} />;
}
