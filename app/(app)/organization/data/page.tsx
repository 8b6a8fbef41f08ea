import { ScrollText, ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { DeleteLearners } from "@/components/data/delete-learners";
import { RetentionSetting } from "@/components/data/retention-setting";
import { NotAllowed } from "@/components/organization/not-allowed";
import { Button } from "@/components/ui/button";
import { requirePageUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { loadDataSettings } from "@/lib/data/settings";
import { AppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Data and privacy" };

/** The settings, or the status that says why this caller cannot open them (404 no organisation, 403 member). */
async function load(user: SessionUser) {
  try {
    return await loadDataSettings(user);
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return err.status;
    throw err;
  }
}

/** Data and privacy: how long transcripts are kept, deleting a learner, and the way to the audit log. */
export default async function DataPage() {
  const user = await requirePageUser();
  const data = await load(user);
  if (data === 404)
    return <NotAllowed title="Join an organization first" message="Data settings belong to an organization." />;
  if (data === 403)
    return (
      <NotAllowed
        title="You can't open this page"
        message="Only organization admins can manage its data. You can download your own data from the account menu."
      />
    );
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <ShieldCheck className="size-6 text-primary" aria-hidden />
            Data and privacy
          </h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            What {data.organizationName} keeps, for how long, and who changed it. Learners download their own data from
            the account menu.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 max-sm:w-full">
          <Button asChild variant="outline" className="max-sm:flex-1">
            <Link href="/organization/audit">
              <ScrollText aria-hidden /> Audit log
            </Link>
          </Button>
          <Button asChild variant="ghost" className="max-sm:flex-1">
            <Link href="/organization">Back to Organization</Link>
          </Button>
        </div>
      </header>
      <RetentionSetting days={data.retentionDays} />
      <DeleteLearners members={data.members} organizationName={data.organizationName} />
    </main>
  );
}
