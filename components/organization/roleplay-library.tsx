import { ArrowLeft, LibraryBig } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import type { LibraryListing } from "@/lib/roleplays/library-service";

import { LibraryCard } from "./library-card";

type Props = { entries: LibraryListing["entries"]; organizationName: string };

/** The starter library as cards; what the organisation already has says "Added". */
export function RoleplayLibrary({ entries, organizationName }: Props) {
  const added = entries.filter((e) => e.added).length;
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <LibraryBig className="size-6 text-primary" aria-hidden />
            Roleplay library
          </h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Ready roleplays with a persona, a scenario and a scorecard. Adding one makes an editable copy
            {organizationName ? ` in ${organizationName}` : ""} that every group can practise; change it as you like.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link href="/organization">
            <ArrowLeft aria-hidden />
            Back to Organization
          </Link>
        </Button>
      </header>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {entries.length} roleplays · {added === 0 ? "none added yet" : `${added} added`}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Library roleplays">
        {entries.map((entry) => (
          <li key={entry.key} className="flex">
            <LibraryCard entry={entry} />
          </li>
        ))}
      </ul>
    </main>
  );
}
