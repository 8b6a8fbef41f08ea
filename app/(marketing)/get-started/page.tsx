import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Get started" };

export default function GetStartedPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold text-primary">Test page</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Get started</h1>
      <p className="mt-4 text-muted-foreground">
        This page is a placeholder while the guided onboarding is being built. Sign in from the home page to start
        practising.
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link href="/">
          <ArrowLeft aria-hidden />
          Back to Home
        </Link>
      </Button>
    </section>
  );
}
