"use client";

import { Activity } from "lucide-react";
import { useEffect, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { modelStatus } from "@/lib/ai/capabilities";
import { api, redirectIfAuthError } from "@/lib/client/api";
import type { Jsonified } from "@/lib/client/json";

type Status = Jsonified<ReturnType<typeof modelStatus>>;
type Probe = { ok: boolean | null; detail: string };

const verdict = (p: Probe) => (p.ok === null ? `unknown (${p.detail})` : p.ok ? "yes" : `no (${p.detail})`);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The model endpoint, which model does what, its time limits, and a capability check on demand. */
export function ModelPanel() {
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<Status>("/api/dev/model")
      .then(setStatus)
      .catch((err) => {
        if (!redirectIfAuthError(err)) setError(err instanceof Error ? err.message : "Could not load the model status");
      });
  }, []);

  async function check() {
    setBusy(true);
    setError(null);
    try {
      setStatus(await api<Status>("/api/dev/model", { method: "POST" }));
    } catch (err) {
      if (!redirectIfAuthError(err)) setError(err instanceof Error ? err.message : "The check failed");
    } finally {
      setBusy(false);
    }
  }

  const last = status?.last_check;
  return (
    <Card aria-labelledby="dev-model">
      <CardHeader>
        <CardTitle>
          <h2 id="dev-model">Model</h2>
        </CardTitle>
        <CardAction>
          <Button variant="outline" size="sm" onClick={check} disabled={busy || !status}>
            <Activity aria-hidden /> {busy ? "Checking..." : "Check the model"}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {!status && !error && <p className="text-muted-foreground">Loading the model status...</p>}
        {status && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-words">
            <dt className="text-muted-foreground">Endpoint</dt>
            <dd>{status.configured ? status.endpoint : "none: offline persona and rubric grader"}</dd>
            {status.configured &&
              Object.entries(status.models).map(([task, model]) => (
                <div key={task} className="contents">
                  <dt className="text-muted-foreground capitalize">{task}</dt>
                  <dd>{model}</dd>
                </div>
              ))}
            <dt className="text-muted-foreground">Time limits</dt>
            <dd>
              reply {seconds(status.limits_ms.persona_reply)}, grading {seconds(status.limits_ms.grading)},
              auto-generate {seconds(status.limits_ms.autogenerate)}
            </dd>
          </dl>
        )}
        {status && !last && <p className="text-muted-foreground">No capability check has run in this server yet.</p>}
        {last && (
          <div className="space-y-2" aria-live="polite">
            <p className="text-muted-foreground">
              Checked {new Date(last.checked_at).toLocaleTimeString()} in {seconds(last.duration_ms)}
            </p>
            {last.models.length === 0 && <p>{last.lines[0]?.replace(/^\[model\] /, "")}</p>}
            <ul className="space-y-2">
              {last.models.map((m) => (
                <li key={m.model} className="rounded-md border p-2" data-testid="model-check">
                  <p className="font-medium">
                    {m.model} <span className="font-normal text-muted-foreground">({m.tasks.join(", ")})</span>
                  </p>
                  <p>
                    Text: {verdict(m.text)} · Streaming: {verdict(m.streaming)} · Tool use: {verdict(m.tools)}
                  </p>
                  <p className="text-muted-foreground">{last.lines[last.models.indexOf(m)]?.split(" -> ")[1]}</p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
