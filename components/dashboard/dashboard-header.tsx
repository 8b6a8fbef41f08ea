import { PhoneCall } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

import { SignOutButton } from "./sign-out-button";

/** The Development link for developers lives in the app shell's navigation, on every page. */
export function DashboardHeader({ name }: { name: string }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Welcome back, {name}!</h1>
        <p className="text-sm text-muted-foreground">Pick a roleplay, practise, and see how you did.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link href="/grade/upload">
            <PhoneCall aria-hidden /> Grade a real call
          </Link>
        </Button>
        <SignOutButton />
      </div>
    </header>
  );
}
