import Link from "next/link";

import { Logo } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";

const navLink =
  "hidden rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:inline-block";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          aria-label="Parley home"
          className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <Link href="/#features" className={navLink}>
            Features
          </Link>
          <Link href="/#how-it-works" className={navLink}>
            How it works
          </Link>
          <Button asChild variant="outline" size="sm" className="ml-2">
            <Link href="/auth">Sign in</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
