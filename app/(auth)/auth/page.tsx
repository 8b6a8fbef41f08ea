import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

import { AuthForm } from "@/components/auth/auth-form";
import { Logo } from "@/components/brand/logo";

export const metadata: Metadata = { title: "Sign in" };

export default function AuthPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <Link
        href="/"
        className="mb-6 rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <Logo />
      </Link>
      <Suspense>
        <AuthForm />
      </Suspense>
    </main>
  );
}
