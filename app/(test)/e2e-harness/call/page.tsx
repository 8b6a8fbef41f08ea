import { notFound } from "next/navigation";

import { CallHarness } from "@/components/call/testing/harness-entry";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

/** The call stage over a never-connected LiveKit Room, for the e2e tests only (PARLEY_E2E_HARNESS=1). */
export default function CallHarnessPage() {
  if (!env().PARLEY_E2E_HARNESS) notFound();
  return <CallHarness />;
}
