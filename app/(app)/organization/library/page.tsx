import type { Metadata } from "next";

import { NotAllowed } from "@/components/organization/not-allowed";
import { RoleplayLibrary } from "@/components/organization/roleplay-library";
import { requirePageUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { getActiveMembership } from "@/lib/organizations/membership";
import { listLibrary } from "@/lib/roleplays/library-service";

export const metadata: Metadata = { title: "Roleplay library" };

/** The listing, or the status that says why this caller cannot add from the library (404 no organisation, 403 member). */
async function loadLibrary(user: SessionUser) {
  try {
    return await listLibrary(user);
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return err.status;
    throw err;
  }
}

/** Add from library: the starter roleplays, each copied into the admin's current organisation on request. */
export default async function RoleplayLibraryPage() {
  const user = await requirePageUser();
  const [listing, membership] = await Promise.all([loadLibrary(user), getActiveMembership(user.id)]);
  if (listing === 404)
    return (
      <NotAllowed
        title="Join an organization first"
        message="Roleplays from the library are added to an organization. Join one, then come back to add them."
      />
    );
  if (listing === 403)
    return (
      <NotAllowed
        title="You can't open this page"
        message="Only organization admins can add roleplays from the library. Your instructor shares roleplays with your group."
      />
    );
  return <RoleplayLibrary entries={listing.entries} organizationName={membership?.organizationName ?? ""} />;
}
