import Link from "next/link";

import { Logo } from "@/components/brand/logo";
import type { ActiveMembership } from "@/lib/organizations/membership";

import { MainNav, type NavItem } from "./main-nav";
import { OrganizationSwitcher } from "./organization-switcher";
import { ShellHeaderGate } from "./shell-header-gate";
import { UserMenu } from "./user-menu";

type Props = {
  user: { name: string; email: string; isDev: boolean };
  organizations: ActiveMembership[];
  activeOrganizationId: string | null;
  canManage: boolean;
  children: React.ReactNode;
};

/** Every signed-in page: logo, navigation by role, the organisation switcher and the user menu. */
export function AppShell({ user, organizations, activeOrganizationId, canManage, children }: Props) {
  const items: NavItem[] = [
    { href: "/dashboard", label: "Dashboard" },
    ...(canManage ? [{ href: "/organization", label: "Organization" }] : []),
    ...(user.isDev ? [{ href: "/development", label: "Development" }] : []),
  ];
  return (
    <>
      <ShellHeaderGate>
        <header
          className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80"
          data-app-shell
        >
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
            <Link href="/dashboard" className="link-focus rounded-md" aria-label="Parley, go to dashboard">
              <Logo />
            </Link>
            <MainNav items={items} className="order-last w-full sm:order-none sm:w-auto" />
            <div className="ml-auto flex items-center gap-2">
              {organizations.length > 1 ? (
                <OrganizationSwitcher organizations={organizations} activeId={activeOrganizationId} />
              ) : null}
              <UserMenu name={user.name} email={user.email} />
            </div>
          </div>
        </header>
      </ShellHeaderGate>
      {children}
    </>
  );
}
