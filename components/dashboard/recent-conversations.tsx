"use client";

import { Loader2, MessageSquare } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

import { type ScoreBand, scoreBand } from "@/components/grade/score-band";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollArea } from "@/components/ui/scroll-area";
import { api } from "@/lib/client/api";
import type { Dashboard } from "@/lib/dashboard/service";
import { cn } from "@/lib/utils";

type Row = Dashboard["conversations"][number];

const when = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Score bands (one rule, shared with the grade page); the number is always shown. */
const BAND_TEXT: Record<ScoreBand, string> = {
  green: "text-success",
  yellow: "text-warning",
  red: "text-destructive",
  grey: "text-muted-foreground",
};
const band = (score: number) => BAND_TEXT[scoreBand(score)];

/** Rows still changing on the server: the list refreshes itself until they settle. */
const unsettled = (rows: Row[]) => rows.some((r) => r.status === "grading" || r.status === "in_progress");
const settledCount = (rows: Row[]) => rows.filter((r) => r.status !== "grading" && r.status !== "in_progress").length;
const FIRST_POLL_MS = 1_500;
const MAX_POLL_MS = 10_000;
const GIVE_UP_MS = 10 * 60_000;

function useLiveConversations(initial: Row[]): Row[] {
  const router = useRouter();
  // Polled rows belong to the server list they replaced; a fresh server render takes over again.
  const [polled, setPolled] = useState<{ from: Row[]; rows: Row[] } | null>(null);
  const rows = polled && polled.from === initial ? polled.rows : initial;
  const waiting = unsettled(rows);
  const settledRef = useRef(settledCount(rows));
  const startedRef = useRef<number | null>(null);

  useEffect(() => {
    startedRef.current ??= Date.now();
    const startedAt = startedRef.current;
    if (!waiting || Date.now() - startedAt > GIVE_UP_MS) return;
    let delay = FIRST_POLL_MS;
    let timer: ReturnType<typeof setTimeout>;
    let cancelled = false;
    const poll = async () => {
      try {
        const fresh = await api<Dashboard>("/api/protected/dashboard");
        if (cancelled) return;
        // The stats and credits above were rendered on the server: refresh them too when a call settles (no page reload).
        const settled = settledCount(fresh.conversations);
        if (settled !== settledRef.current) router.refresh();
        settledRef.current = settled;
        setPolled({ from: initial, rows: fresh.conversations });
        if (!unsettled(fresh.conversations)) return;
      } catch {
        // A failed refresh keeps the last list; the next one may work.
      }
      if (cancelled || Date.now() - startedAt > GIVE_UP_MS) return;
      delay = Math.min(MAX_POLL_MS, Math.round(delay * 1.5));
      timer = setTimeout(poll, delay);
    };
    timer = setTimeout(poll, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [waiting, initial, router]);
  return rows;
}

function Status({ row }: { row: Row }) {
  if (row.status === "graded" && row.score !== null)
    return <span className={cn("font-medium", band(row.score))}>Score: {row.score}</span>;
  // A state, not a score: the learner said too little for a grade (the grade page explains it).
  if (row.grade_state === "too_little_to_grade") return <span className="font-medium">Too little to grade</span>;
  if (row.status === "grading")
    return (
      <span className="inline-flex items-center gap-1">
        <Loader2 aria-hidden className="size-3 animate-spin" />
        Grading...
      </span>
    );
  return <span>No score yet</span>;
}

const BADGE: Partial<
  Record<Row["status"], { text: string; variant: "info" | "secondary" | "outline" | "destructive" }>
> = {
  in_progress: { text: "In progress", variant: "info" },
  abandoned: { text: "Abandoned · credit refunded", variant: "outline" },
  grading_failed: { text: "Grading failed", variant: "destructive" },
};

/** Comments from an instructor that the learner has not read yet; they clear when the grade is opened. */
function UnreadMarker({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge variant="info" data-testid="unread-comments-total">
      <MessageSquare aria-hidden className="size-3" />
      {count} unread instructor {count === 1 ? "comment" : "comments"}
    </Badge>
  );
}

export function RecentConversations({ conversations }: { conversations: Dashboard["conversations"] }) {
  const rows = useLiveConversations(conversations);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <h2>Recent Conversations</h2>
          <UnreadMarker count={rows.reduce((n, r) => n + r.unread_comments, 0)} />
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No activities yet</p>
        ) : (
          <ScrollArea className="max-h-96" aria-label="Recent conversations">
            <ul className="grid gap-2 pr-1">
              {rows.map((c) => {
                const badge = BADGE[c.status];
                return (
                  <li
                    key={c.id}
                    data-status={c.status}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
                  >
                    <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                      <p className="truncate font-medium">{c.name}</p>
                      <p
                        className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground"
                        aria-live="polite"
                      >
                        <time dateTime={c.started_at} suppressHydrationWarning>
                          {when(c.started_at)}
                        </time>
                        <span aria-hidden>·</span>
                        <Status row={c} />
                        {badge && (
                          <Badge variant={badge.variant} className="ml-1">
                            {badge.text}
                          </Badge>
                        )}
                        {c.source === "real_call" && (
                          <Badge variant="secondary" className="ml-1">
                            Real call
                          </Badge>
                        )}
                        {c.unread_comments > 0 && (
                          <Badge variant="info" className="ml-1" data-testid="unread-comments">
                            <MessageSquare aria-hidden className="size-3" />
                            {c.unread_comments} new {c.unread_comments === 1 ? "comment" : "comments"}
                          </Badge>
                        )}
                      </p>
                    </div>
                    <div className="ml-auto flex shrink-0 gap-2">
                      {c.status === "in_progress" && (
                        <Button size="sm" asChild>
                          <Link href={`/call?conversation=${c.id}`} aria-label={`Rejoin ${c.name}`}>
                            Rejoin
                          </Link>
                        </Button>
                      )}
                      <Button size="sm" variant="outline" asChild>
                        <Link href={`/grade/${c.id}`} aria-label={`View Grade for ${c.name}`}>
                          View Grade
                        </Link>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </ScrollArea>
        )}
      </CardContent>
    </Card>
  );
}
