import { ChevronLeft, ChevronRight, ScrollText } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { AuditEntryView, AuditListing } from "@/lib/data/audit";

const selectClass =
  "h-11 w-full rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:w-56";

type Filters = { action?: string; actor_id?: string };

function pageHref(filters: Filters, page: number) {
  const q = new URLSearchParams();
  if (filters.action) q.set("action", filters.action);
  if (filters.actor_id) q.set("actor_id", filters.actor_id);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/organization/audit?${s}` : "/organization/audit";
}

/** A detail's value in one short line: entries written by other features may carry any JSON. */
function detailText(value: unknown): string {
  const text = value === null ? "none" : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function Entry({ entry, when }: { entry: AuditEntryView; when: string }) {
  const details = Object.entries(entry.details).filter(([k]) => k !== "system");
  return (
    <li className="grid gap-1 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <p className="font-medium">{entry.description}</p>
        <time dateTime={entry.at} className="text-xs text-muted-foreground tabular-nums">
          {when}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">
        by <span className="text-foreground">{entry.actor}</span>
        {entry.target ? (
          <>
            {" "}
            · <span className="text-foreground">{entry.target}</span>
          </>
        ) : null}
        <span className="sr-only"> ({entry.action})</span>
      </p>
      {details.length > 0 ? (
        <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {details.map(([k, v]) => (
            <div key={k} className="flex min-w-0 gap-1">
              <dt>{k.replace(/_/g, " ")}:</dt>
              <dd className="min-w-0 break-words text-foreground">{detailText(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/** The organisation's audit log: filters (a GET form, so a filtered view is a link), entries, and paging. */
export function AuditLogView({
  listing,
  filters,
  labels,
  formatTime,
}: {
  listing: AuditListing;
  filters: Filters;
  labels: Record<string, string>;
  formatTime: (iso: string) => string;
}) {
  const pages = Math.max(1, Math.ceil(listing.total / listing.page_size));
  const filtered = Boolean(filters.action || filters.actor_id);
  return (
    <div className="space-y-4">
      <form
        method="get"
        action="/organization/audit"
        className="flex flex-wrap items-end gap-3"
        aria-label="Filter the audit log"
      >
        <div className="grid gap-1 max-sm:w-full">
          <label htmlFor="audit-action" className="text-sm font-medium">
            What
          </label>
          <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={selectClass}>
            <option value="">Everything</option>
            {listing.filters.actions.map((a) => (
              <option key={a} value={a}>
                {labels[a] ?? a}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1 max-sm:w-full">
          <label htmlFor="audit-actor" className="text-sm font-medium">
            Who
          </label>
          <select id="audit-actor" name="actor_id" defaultValue={filters.actor_id ?? ""} className={selectClass}>
            <option value="">Anyone</option>
            {listing.filters.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" className="max-sm:flex-1">
          Filter
        </Button>
        {filtered ? (
          <Button asChild variant="ghost" className="max-sm:flex-1">
            <Link href="/organization/audit">Clear</Link>
          </Button>
        ) : null}
      </form>

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {listing.total === 0
          ? ""
          : `${listing.total} ${listing.total === 1 ? "entry" : "entries"}${filtered ? " match" : ""}, newest first. Times in ${listing.time_zone}.`}
      </p>

      {listing.entries.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
            <ScrollText className="size-8" aria-hidden />
            <p>
              {filtered
                ? "No entries match these filters."
                : "Nothing recorded yet. Reviews, exports, deletions, role changes, retention and sign-in settings appear here."}
            </p>
          </CardContent>
        </Card>
      ) : (
        <Card className="py-0">
          <ol className="divide-y" aria-label="Audit entries">
            {listing.entries.map((e) => (
              <Entry key={e.id} entry={e} when={formatTime(e.at)} />
            ))}
          </ol>
        </Card>
      )}

      {pages > 1 ? (
        <nav aria-label="Audit log pages" className="flex items-center justify-between gap-2">
          {listing.page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={pageHref(filters, listing.page - 1)}>
                <ChevronLeft aria-hidden /> Newer
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted-foreground">
            Page {listing.page} of {pages}
          </span>
          {listing.page < pages ? (
            <Button asChild variant="outline" size="sm">
              <Link href={pageHref(filters, listing.page + 1)}>
                Older <ChevronRight aria-hidden />
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
