import type { Metadata } from "next";

import { AssignedToYou } from "@/components/dashboard/assigned-to-you";
import { CreditsCard } from "@/components/dashboard/credits-card";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { JoinOrganization } from "@/components/dashboard/join-organization";
import { RecentConversations } from "@/components/dashboard/recent-conversations";
import { RememberDeveloper } from "@/components/dashboard/remember-developer";
import { RoleplayPicker } from "@/components/dashboard/roleplay-picker";
import { StatCards } from "@/components/dashboard/stat-cards";
import { YourProgress } from "@/components/dashboard/your-progress";
import { requirePageUser } from "@/lib/auth/page";
import { holds } from "@/lib/auth/roles";
import { getDashboard } from "@/lib/dashboard/service";
import { logScrubbedError } from "@/lib/db-errors";
import { env } from "@/lib/env";
import { getOwnProgress } from "@/lib/progress/service";
import { listVisibleRoleplays } from "@/lib/roleplays/service";

export const metadata: Metadata = { title: "Dashboard" };

async function roleplayChoices(user: Awaited<ReturnType<typeof requirePageUser>>) {
  try {
    const roleplays = await listVisibleRoleplays(user);
    return roleplays.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      is_public: s.is_public,
      persona: `${s.schema_data.persona.name}, ${s.schema_data.persona.role}`,
      reachable: s.is_public || s.assigned_groups.length > 0,
    }));
  } catch (err) {
    // A failure to load roleplays is only logged: the dashboard still shows the rest.
    logScrubbedError("dashboard", err);
    return [];
  }
}

export default async function DashboardPage() {
  const user = await requirePageUser();
  const [dashboard, roleplays, progress] = await Promise.all([
    getDashboard(user),
    roleplayChoices(user),
    getOwnProgress(user),
  ]);
  const canManage = holds(user, "admin", dashboard.organizationRole);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 pt-8 pb-28 sm:px-6 lg:pb-8">
      <RememberDeveloper isDev={dashboard.isDev} />
      <DashboardHeader name={dashboard.user} />
      {dashboard.organization ? null : <JoinOrganization supportEmail={env().SUPPORT_EMAIL} />}
      <AssignedToYou assignments={dashboard.assignments} />
      <StatCards dashboard={dashboard} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <RoleplayPicker roleplays={roleplays} canManage={canManage} />
        <div className="grid content-start gap-6">
          <CreditsCard subscription={dashboard.subscription} />
          <RecentConversations conversations={dashboard.conversations} />
        </div>
      </div>
      <YourProgress progress={progress} />
    </main>
  );
}
