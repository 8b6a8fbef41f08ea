import { AppShell } from "@/components/shell/app-shell";
import { Toaster } from "@/components/ui/sonner";
import { requirePageUser } from "@/lib/auth/page";
import { holds } from "@/lib/auth/roles";
import { getActiveMembership, listMemberships } from "@/lib/organizations/membership";

export const dynamic = "force-dynamic";

/** Every signed-in screen: a revoked or expired session goes back to /auth. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requirePageUser();
  const [organizations, active] = await Promise.all([listMemberships(user.id), getActiveMembership(user.id)]);
  return (
    <div className="min-h-dvh bg-muted/40">
      <AppShell
        user={user}
        organizations={organizations}
        activeOrganizationId={active?.organizationId ?? null}
        canManage={holds(user, "admin", active?.role ?? null)}
      >
        {children}
      </AppShell>
      {/* Only signed-in screens use toasts: keeping it here keeps it off the landing page's bundle. */}
      <Toaster />
    </div>
  );
}
