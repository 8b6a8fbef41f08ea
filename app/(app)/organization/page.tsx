import type { Metadata } from "next";

import { NotAllowed } from "@/components/organization/not-allowed";
import { OrganizationManager } from "@/components/organization/organization-manager";
import { ErrorScreen } from "@/components/organization/status-screens";
import { requirePageUser } from "@/lib/auth/page";
import { holds } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { getCohort } from "@/lib/organizations/cohort";
import { type JoinCodeSummary, listJoinCodes } from "@/lib/organizations/join-codes";
import { getActiveMembership } from "@/lib/organizations/membership";
import type { RoleplaySummary } from "@/lib/roleplays/present";
import { listVisibleRoleplays } from "@/lib/roleplays/service";

export const metadata: Metadata = { title: "Organization" };

/** Server-first: the cohort and the organisation's roleplays load here through the same services as the APIs. */
export default async function OrganizationPage() {
  const user = await requirePageUser();
  const membership = await getActiveMembership(user.id);
  if (!holds(user, "admin", membership?.role ?? null)) {
    return (
      <NotAllowed
        title="You can't open this page"
        message="Only organization admins can open this page. Ask an admin of your organization if you need these statistics."
      />
    );
  }
  const loaded = await loadOrganization(user, membership?.organizationId ?? null);
  // The error's own message on the error screen (401/Token messages send the browser to /auth).
  if ("error" in loaded) return <ErrorScreen title="Error Loading Organization" message={loaded.error} />;
  return <OrganizationManager cohort={loaded.cohort} roleplays={loaded.roleplays} joinCodes={loaded.joinCodes} />;
}

type Loaded =
  | {
      cohort: Awaited<ReturnType<typeof getCohort>>;
      roleplays: RoleplaySummary[];
      joinCodes: JoinCodeSummary[];
    }
  | { error: string };

async function loadOrganization(user: SessionUser, organizationId: string | null): Promise<Loaded> {
  try {
    const [cohort, roleplays, codes] = await Promise.all([
      getCohort(user),
      listVisibleRoleplays(user),
      listJoinCodes(user),
    ]);
    const own = roleplays
      .filter((s) => s.organization_id === organizationId)
      .map((s) => ({ id: s.id, name: s.name, assigned_groups: s.assigned_groups, is_active: s.is_active }));
    // Learners' names are already in the group tables: the assignments carry only ids (a smaller page).
    const assignments = cohort.assignments.map((a) => ({
      ...a,
      learners: a.learners.map((l) => ({ ...l, name: "", email: "" })),
    }));
    return { cohort: { ...cohort, assignments }, roleplays: own, joinCodes: codes.join_codes };
  } catch (err) {
    if (err instanceof AppError) return { error: err.message };
    throw err;
  }
}
