"use client";

import { Check, Pencil, Plus, Star } from "lucide-react";
import Link from "next/link";
import { useActionState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionState } from "@/lib/actions";
import { actionProblem } from "@/lib/client/action-state";
import { addFromLibraryAction } from "@/lib/roleplays/library-actions";
import type { LibraryListing } from "@/lib/roleplays/library-service";

type Entry = LibraryListing["entries"][number];

const DIFFICULTY_STYLE: Record<string, string> = {
  beginner: "border-success/40 bg-success/10",
  intermediate: "border-warning/40 bg-warning/15",
  advanced: "border-destructive/40 bg-destructive/10",
};

/** One library roleplay: what it is, how hard, and Add (or Added, with the copy to edit). */
export function LibraryCard({ entry }: { entry: Entry }) {
  const [state, action, busy] = useActionState<ActionState, FormData>(addFromLibraryAction, {});
  const problem = actionProblem(state);
  const latest = entry.copies.at(-1);
  const headingId = `library-${entry.key}`;

  return (
    <Card className="w-full gap-4">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{entry.category_label}</Badge>
          <Badge variant="outline">{entry.industry}</Badge>
          <Badge variant="outline" className={DIFFICULTY_STYLE[entry.difficulty]}>
            {entry.difficulty_label}
          </Badge>
        </div>
        <CardTitle className="leading-snug">
          <h2 id={headingId} className="text-base">
            {entry.name}
          </h2>
        </CardTitle>
        <CardDescription>{entry.summary}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto text-xs text-muted-foreground">
        <p>With {entry.persona}</p>
        {entry.recommended ? (
          <p className="mt-1 flex items-center gap-1">
            <Star className="size-3" aria-hidden /> In the starter set for new organizations
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap items-center gap-2">
        {entry.added ? (
          <>
            <Badge variant="success" className="py-1">
              <Check aria-hidden /> Added
            </Badge>
            {latest ? (
              <Button asChild size="sm" variant="outline">
                <Link href={`/workspace/edit/${latest.id}`} aria-label={`Edit ${latest.name}`}>
                  <Pencil aria-hidden /> Edit
                </Link>
              </Button>
            ) : null}
          </>
        ) : null}
        <form action={action}>
          <input type="hidden" name="key" value={entry.key} />
          <Button
            type="submit"
            size="sm"
            variant={entry.added ? "ghost" : "default"}
            disabled={busy}
            aria-label={`${entry.added ? "Add another copy of" : "Add"} ${entry.name}`}
          >
            <Plus aria-hidden /> {busy ? "Adding..." : entry.added ? "Add another copy" : "Add to organization"}
          </Button>
        </form>
        {problem ? (
          <p role="alert" className="basis-full text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </CardFooter>
    </Card>
  );
}
