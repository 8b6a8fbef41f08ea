"use client";

import Link from "next/link";
import { useEffect, useState } from "react";

import { ScoreText } from "@/components/dashboard/score-text";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { api, redirectIfAuthError } from "@/lib/client/api";
import type { getUserConversations } from "@/lib/organizations/cohort";

type Data = Awaited<ReturnType<typeof getUserConversations>>;
type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: Data };

const TOO_LITTLE = "Too little to grade";
/** Too little to grade is a state shown as such, never a number. */
const tooLittle = (c: Data["conversations"][number]) => c.grade_state === "too_little_to_grade";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Every conversation of the learner here, each linking to its grade, and the first-to-best lift per roleplay. */
export function UserConversations({ userId }: { userId: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    let live = true;
    api<Data>(`/api/organization/users/${userId}/conversations`)
      .then((data) => live && setState({ status: "ready", data }))
      .catch((err) => {
        if (!live || redirectIfAuthError(err)) return;
        setState({ status: "error", message: err instanceof Error ? err.message : "Failed to load conversations" });
      });
    return () => {
      live = false;
    };
  }, [userId]);

  if (state.status === "loading") {
    return (
      <div role="status" className="grid gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <span className="sr-only">Loading conversations...</span>
      </div>
    );
  }
  if (state.status === "error")
    return <p className="text-sm text-destructive">Could not load conversations: {state.message}</p>;
  const { conversations, lift } = state.data;
  if (conversations.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No conversations yet.</p>;
  return (
    <div className="grid gap-6">
      {lift.length ? (
        <section aria-labelledby="lift-heading">
          <h3 id="lift-heading" className="mb-2 text-sm font-medium">
            First to best, per roleplay
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {lift.map((l) => (
              <li
                key={l.schema_name}
                className="flex items-center justify-between gap-3 rounded-md border bg-background px-3 py-2 text-sm"
              >
                <span className="min-w-0 truncate">{l.schema_name}</span>
                <span className="shrink-0 tabular-nums">
                  <ScoreText score={l.first} /> → <ScoreText score={l.best} />{" "}
                  <span className={l.lift > 0 ? "text-success" : "text-muted-foreground"}>
                    ({l.lift > 0 ? `+${l.lift}` : "±0"})
                  </span>
                  <span className="sr-only">, {l.attempts} graded attempts</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <table className="w-full text-sm" aria-label="Conversations">
        <thead className="border-b max-sm:sr-only">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-medium">
              Date
            </th>
            <th scope="col" className="px-2 py-2 text-left font-medium">
              Roleplay
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Score
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Duration
            </th>
            <th scope="col" className="px-2 py-2 text-left font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:grid max-sm:gap-2">
          {conversations.map((c) => (
            <tr
              key={c.id}
              className="border-b last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:p-3 max-sm:last:border"
            >
              <td className="px-2 py-2 max-sm:col-span-2 max-sm:p-0">
                <Link href={`/grade/${c.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  <time dateTime={c.started_at} suppressHydrationWarning>
                    {when(c.started_at)}
                  </time>
                </Link>
              </td>
              <td className="px-2 py-2 max-sm:col-span-2 max-sm:p-0">
                {c.schema_name}
                {c.source === "real_call" && (
                  <Badge variant="secondary" className="ml-2">
                    Real call
                  </Badge>
                )}
              </td>
              <td className="px-2 py-2 text-right max-sm:p-0 max-sm:text-left">
                <ScoreText score={c.score} empty={tooLittle(c) ? TOO_LITTLE : "No score yet"} />
                {c.reviewed ? (
                  <span className="ml-1 text-xs text-muted-foreground">
                    (reviewed; auto {tooLittle(c) ? TOO_LITTLE.toLowerCase() : c.automatic_score})
                  </span>
                ) : null}
              </td>
              <td className="px-2 py-2 text-right tabular-nums max-sm:p-0">
                {c.duration_minutes === null ? "—" : `${c.duration_minutes} min`}
              </td>
              <td className="px-2 py-2 first-letter:uppercase max-sm:col-span-2 max-sm:p-0 max-sm:text-muted-foreground">
                {c.status}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
