"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { type StoredUser, storeSignIn } from "@/lib/client/storage";

export function SsoHandoff({ token, user, next }: { token: string; user: StoredUser; next: string }) {
  const router = useRouter();
  useEffect(() => {
    storeSignIn(token, user);
    router.replace(next);
  }, [token, user, next, router]);
  return (
    <main className="flex min-h-dvh items-center justify-center gap-2 px-4 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      <p role="status">Signing you in...</p>
    </main>
  );
}
