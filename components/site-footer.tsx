import Link from "next/link";
import { connection } from "next/server";

import { Logo } from "@/components/brand/logo";
import { env } from "@/lib/env";

const link =
  "rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

export async function SiteFooter() {
  await connection(); // SUPPORT_EMAIL is read when serving, not frozen at build time
  const { SUPPORT_EMAIL } = env();
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">
            Rehearse the conversations that matter with AI personas and honest feedback.
          </p>
        </div>
        <div className="space-y-2 text-sm text-muted-foreground md:text-right">
          <p>
            Contact us at{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`font-medium text-foreground ${link}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p>
            <Link href="/terms" className={link}>
              Terms
            </Link>
          </p>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © 2025 Parley. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
