import { ScrollText } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { AuditLogView } from "@/components/data/audit-log-view";
import { NotAllowed } from "@/components/organization/not-allowed";
import { Button } from "@/components/ui/button";
import { requirePageUser } from "@/lib/auth/page";
import { AUDIT_ACTIONS, listAudit } from "@/lib/data/audit";
import { AppError } from "@/lib/errors";
import { localDateTime } from "@/lib/organizations/time-zone";
import { auditQuerySchema } from "@/lib/validations/data-rights";

export const metadata: Metadata = { title: "Audit log" };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The organisation's audit log for its admins: the same service as GET /api/organization/audit. */
export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  const user = await requirePageUser();
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = auditQuerySchema.safeParse(raw);
  // A hand-edited address with a bad filter shows the whole log rather than an error.
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  let listing;
  try {
    listing = await listAudit(user, query);
  } catch (err) {
    if (err instanceof AppError && err.status === 404)
      return <NotAllowed title="Join an organization first" message="The audit log belongs to an organization." />;
    if (err instanceof AppError && err.status === 403)
      return <NotAllowed title="You can't open this page" message="Only organization admins can read the audit log." />;
    throw err;
  }
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <ScrollText className="size-6 text-primary" aria-hidden />
            Audit log
          </h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Who reviewed, exported, deleted or changed what in {listing.organization_name}. Entries name the people who
            acted, never a deleted learner, and hold no passwords, keys or tokens.
          </p>
        </div>
        <Button asChild variant="ghost" className="max-sm:w-full">
          <Link href="/organization/data">Back to Data and privacy</Link>
        </Button>
      </header>
      <AuditLogView
        listing={listing}
        filters={{ action: query.action, actor_id: query.actor_id }}
        labels={AUDIT_ACTIONS}
        formatTime={(iso) => localDateTime(iso, listing.time_zone)}
      />
    </main>
  );
}
