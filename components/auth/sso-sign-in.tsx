"use client";

import { Building2 } from "lucide-react";
import { useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api } from "@/lib/client/api";
import { ssoErrorMessage } from "@/lib/sso/messages";

/**
 * "Sign in with your organization": the work e-mail's domain names the organization's identity
 * provider; the browser goes there and comes back signed in (or with `?sso_error=` explained here).
 */
export function SsoSignIn({ next, ssoError }: { next: string | null; ssoError: string | null }) {
  const returned = ssoErrorMessage(ssoError);
  const [open, setOpen] = useState(returned !== null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(returned);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { url } = await api<{ url: string }>("/api/sso/start", {
        method: "POST",
        body: { email, next },
        auth: false,
      });
      window.location.assign(url);
      return; // stay busy while the identity provider loads
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : ssoErrorMessage("failed"));
    }
    setBusy(false);
  }

  // Collapsed until asked for: the page's own "Email" field and "Sign In" button stay the only ones of their names.
  return (
    <section aria-labelledby="sso-heading" className="space-y-3 rounded-lg border p-3">
      <h2 id="sso-heading" className="flex items-center gap-2 text-sm font-medium">
        <Building2 className="size-4" aria-hidden />
        Sign in with your organization
      </h2>
      {!open ? (
        <>
          <p className="text-sm text-muted-foreground">
            If your university or company uses single sign-on, use your work account.
          </p>
          <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
            Use single sign-on
          </Button>
        </>
      ) : (
        <>
          {error && (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <form onSubmit={submit} className="space-y-3">
            <div className="space-y-2">
              <Label htmlFor="sso-email">Work email</Label>
              <Input
                id="sso-email"
                name="sso-email"
                type="email"
                autoComplete="email"
                placeholder="you@university.edu"
                required
                autoFocus={returned === null}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
              {busy ? "Redirecting..." : "Continue"}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
