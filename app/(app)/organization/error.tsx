"use client";

import { ErrorScreen } from "@/components/organization/status-screens";

/** An unexpected failure: the spec's fallback text (the digest alone would mean nothing to an instructor). */
export default function OrganizationError() {
  return <ErrorScreen title="Error Loading Organization" message="Failed to load organization data" />;
}
