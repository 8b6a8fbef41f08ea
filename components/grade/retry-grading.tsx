"use client";

import { RotateCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { api, redirectIfAuthError } from "@/lib/client/api";

/** Puts a failed grade back in the queue; the page then shows the pending state. */
export function RetryGrading({ conversationId }: { conversationId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/protected/grades/${conversationId}/retry`, { method: "POST" });
      router.refresh();
    } catch (err) {
      if (!redirectIfAuthError(err)) setError(err instanceof Error ? err.message : "Failed to retry grading");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2">
      <Button onClick={retry} disabled={busy}>
        <RotateCw aria-hidden className={busy ? "animate-spin" : undefined} /> {busy ? "Retrying..." : "Retry grading"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
