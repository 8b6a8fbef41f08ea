"use client";

import { Loader2, UserPlus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { api, redirectIfAuthError } from "@/lib/client/api";

type Props = { conversationId: string; available: boolean; reason?: string };

/** Admins on a real call's grade: turn the buyer's side into an inactive roleplay draft to edit. */
export function PersonaFromCall({ conversationId, available, reason }: Props) {
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ name: string; edit_url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function make() {
    setBusy(true);
    setError(null);
    try {
      setMade(await api(`/api/organization/real-calls/${conversationId}/persona`, { method: "POST" }));
    } catch (err) {
      if (!redirectIfAuthError(err)) setError(err instanceof Error ? err.message : "Failed to make the persona");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Practice persona from this call" className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={make}
          disabled={!available || busy || made !== null}
          aria-describedby={available ? undefined : "persona-from-call-why"}
        >
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : <UserPlus aria-hidden />}
          Make a practice persona from this call
        </Button>
        {made && (
          <span role="status">
            Draft &ldquo;{made.name}&rdquo; made (inactive).{" "}
            <Link href={made.edit_url} className="font-medium underline underline-offset-4">
              Edit the draft
            </Link>
          </span>
        )}
      </div>
      {!available && (
        <p id="persona-from-call-why" className="text-muted-foreground">
          {reason}
        </p>
      )}
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
