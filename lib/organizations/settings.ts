import "server-only";

import { getDb } from "@/db";
import { updateOrganizationTimeZone } from "@/db/queries/organizations";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import type { TimeZoneInput } from "@/lib/validations/organization";

/** An admin of the caller's current organisation (or a developer in it) sets the zone its exports speak in. */
export async function setTimeZone(caller: SessionUser, input: TimeZoneInput) {
  const membership = await requireRole(caller, "admin", { action: "change the organization's time zone" });
  const row = await updateOrganizationTimeZone(await getDb(), {
    organizationId: membership.organizationId,
    timeZone: input.time_zone,
  });
  if (!row) throw notFound("Organization not found", "organization");
  return { time_zone: row.time_zone };
}
