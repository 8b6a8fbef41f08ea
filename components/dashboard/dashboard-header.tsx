import Link from "next/link";
import { Code2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SignOutButton } from "./sign-out-button";

export function DashboardHeader({ name, isDev }: { name: string; isDev: boolean }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Welcome back, {name}!</h1>
        <p className="text-sm text-muted-foreground">Pick a roleplay, practise, and see how you did.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {isDev ? (
          <Button variant="secondary" asChild>
            <Link href="/development">
              <Code2 aria-hidden /> Development
            </Link>
          </Button>
        ) : null}
        <SignOutButton />
      </div>
    </header>
  );
}
