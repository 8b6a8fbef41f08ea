import type { Metadata } from "next";

import { LtiSettings } from "@/components/lti/settings/lti-settings";
import { NotAllowed } from "@/components/organization/not-allowed";
import { requirePageUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { listPlatforms } from "@/lib/lti/platforms";
import { currentRequestUrl } from "@/lib/lti/tool-urls";
import { getActiveMembership } from "@/lib/organizations/membership";

export const metadata: Metadata = { title: "LMS (LTI 1.3)" };

async function load(user: SessionUser) {
  try {
    return await listPlatforms(user, await currentRequestUrl());
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return err.status;
    throw err;
  }
}

/** The organisation's LMS connections (admins): dynamic registration links, manual registrations, tool URLs. */
export default async function LtiPage() {
  const user = await requirePageUser();
  const [listing, membership] = await Promise.all([load(user), getActiveMembership(user.id)]);
  if (listing === 404)
    return (
      <NotAllowed
        title="Join an organization first"
        message="An LMS is connected to an organization. Join one, then come back."
      />
    );
  if (listing === 403)
    return <NotAllowed title="You can't open this page" message="Only organization admins can connect an LMS." />;
  return <LtiSettings initial={listing} organizationName={membership?.organizationName ?? ""} />;
}
