import type { Metadata } from "next";
import { NotAllowed } from "@/components/organization/not-allowed";
import { OrganizationManager } from "@/components/organization/organization-manager";
import { requirePageUser } from "@/lib/auth/page";
import { getActiveMembership } from "@/lib/organizations/membership";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationPage() {
  const user = await requirePageUser();
  const membership = await getActiveMembership(user.id);
  if (!user.isDev && membership?.role !== "admin") {
    return (
      <NotAllowed
        title="You can't open this page"
        message="Only organization admins can open this page. Ask an admin of your organization if you need these statistics."
      />
    );
  }
  return <OrganizationManager />;
}
