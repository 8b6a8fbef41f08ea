"use client";

import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api, redirectIfAuthError } from "@/lib/client/api";
import type { Jsonified } from "@/lib/client/json";
import type { listToolKeys } from "@/lib/lti/keys";

type Keys = Jsonified<Awaited<ReturnType<typeof listToolKeys>>>["keys"];

const day = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The tool's LTI signing keys (published at /api/lti/jwks) and their rotation: the keys are the tool's, not an organisation's. */
export function LtiKeysPanel() {
  const [keys, setKeys] = useState<Keys | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = () =>
    api<{ keys: Keys }>("/api/dev/lti/keys")
      .then((r) => setKeys(r.keys))
      .catch((err) => {
        if (!redirectIfAuthError(err)) setError(err instanceof Error ? err.message : "Could not load the keys");
      });
  useEffect(() => void load(), []);

  async function rotate() {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const r = await api<{ kid: string }>("/api/dev/lti/keys/rotate", { method: "POST" });
      setDone(`New key ${r.kid.slice(0, 12)}… signs from now on; the old one stays published for 7 days.`);
      await load();
    } catch (err) {
      if (!redirectIfAuthError(err)) setError(err instanceof Error ? err.message : "The rotation failed");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <Card aria-labelledby="dev-lti-keys">
      <CardHeader>
        <CardTitle>
          <h2 id="dev-lti-keys">LTI tool keys</h2>
        </CardTitle>
        <CardDescription>
          Sign Parley&apos;s messages to every LMS; published at <code>/api/lti/jwks</code>.
        </CardDescription>
        <CardAction className="flex flex-wrap gap-2">
          {confirming ? (
            <>
              <Button size="sm" variant="destructive" onClick={rotate} disabled={busy}>
                {busy ? "Rotating..." : "Yes, rotate"}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)} disabled={!keys}>
              <KeyRound aria-hidden /> Rotate key
            </Button>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {confirming && (
          <p>
            A new key signs from now on. The current one stays in the key set for 7 days, so LMSs that cached it keep
            working.
          </p>
        )}
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {done && (
          <p role="status" className="text-muted-foreground">
            {done}
          </p>
        )}
        {!keys && !error && <p className="text-muted-foreground">Loading the keys...</p>}
        {keys && (
          <ul className="space-y-2">
            {keys.map((k) => (
              <li key={k.kid} className="rounded-md border p-2" data-testid="lti-key">
                <p className="flex flex-wrap items-center gap-2">
                  <code className="break-all">{k.kid}</code>
                  <Badge variant={k.retired_at ? "outline" : "default"}>{k.retired_at ? "retired" : "active"}</Badge>
                </p>
                <p className="text-muted-foreground">
                  Made {day(k.created_at)}
                  {k.published_until && ` · published until ${day(k.published_until)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
