import type { Metadata } from "next";
import { headers } from "next/headers";

import { NotAllowed } from "@/components/organization/not-allowed";
import { SsoProviders } from "@/components/organization/sso/sso-providers";
import { requirePageUser } from "@/lib/auth/page";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";
import { getActiveMembership } from "@/lib/organizations/membership";
import { publicOriginOf } from "@/lib/sso/origin";
import { listSsoProviders } from "@/lib/sso/providers";

export const metadata: Metadata = { title: "Single sign-on" };

async function origin(): Promise<string> {
  const h = await headers();
  return publicOriginOf(h, `http://${h.get("host") ?? "localhost"}`);
}

async function load(user: SessionUser) {
  try {
    return await listSsoProviders(user, await origin());
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return err.status;
    throw err;
  }
}

/** The organization's single sign-on providers (admins). */
export default async function SsoPage() {
  const user = await requirePageUser();
  const [listing, membership] = await Promise.all([load(user), getActiveMembership(user.id)]);
  if (listing === 404)
    return (
      <NotAllowed
        title="Join an organization first"
        message="Single sign-on is set up for an organization. Join one, then come back."
      />
    );
  if (listing === 403)
    return (
      <NotAllowed title="You can't open this page" message="Only organization admins can set up single sign-on." />
    );
  return <SsoProviders providers={listing.providers} organizationName={membership?.organizationName ?? ""} />;
}
