import { notFound } from "next/navigation";

import { sweepRetention } from "@/lib/data/retention";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/**
 * Runs the retention sweep as if `days` days had passed, for the e2e tests only (PARLEY_E2E_HARNESS=1):
 * a browser test cannot wait a day for a transcript to age.
 */
export default async function RetentionHarnessPage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  if (!env().PARLEY_E2E_HARNESS) notFound();
  const days = Number((await searchParams).days ?? "0");
  if (!Number.isInteger(days) || days < 0 || days > 4000) notFound();
  const { purged } = await sweepRetention({ now: daysFromNow(days) });
  return <p role="status">Purged {purged.length}</p>;
}
