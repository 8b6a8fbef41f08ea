import Link from "next/link";

/**
 * The organisation's other admin pages, each a route of its own under /organization. A feature adds its
 * entry here (one line), so the management page never grows a section per integration.
 */
const ADMIN_LINKS: { href: string; label: string }[] = [
  { href: "/organization/library", label: "Roleplay library" },
  { href: "/organization/data", label: "Data and privacy" },
  { href: "/organization/sso", label: "Single sign-on" },
  { href: "/organization/lti", label: "LMS (LTI 1.3)" },
  { href: "/organization/lti/courses", label: "LMS courses and grades" },
];

export function AdminLinks() {
  return (
    <nav aria-label="Organization settings" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span className="text-muted-foreground">Settings:</span>
      {ADMIN_LINKS.map((l) => (
        <Link key={l.href} href={l.href} className="text-primary underline-offset-4 hover:underline">
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
