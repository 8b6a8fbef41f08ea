"use client";

import { ErrorScreen } from "@/components/organization/status-screens";

export default function DevelopmentError() {
  return <ErrorScreen title="Error Loading Development Tools" message="Failed to load organizations data" />;
}
