"use client";

import { Copy, KeyRound, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { toast } from "sonner";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { JoinCodeStatus, JoinCodeSummary } from "@/lib/organizations/join-codes";

import { JoinCodeForm } from "./join-code-form";
import { RevokeJoinCodeButton } from "./revoke-join-code-button";

const STATUS: Record<JoinCodeStatus, { label: string; variant: "success" | "secondary" | "outline" | "destructive" }> =
  {
    active: { label: "Active", variant: "success" },
    used_up: { label: "Used up", variant: "secondary" },
    expired: { label: "Expired", variant: "outline" },
    revoked: { label: "Revoked", variant: "destructive" },
  };
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

type Props = { codes: JoinCodeSummary[]; groups: { id: string; name: string }[] };

/** Codes that let self-signed-up learners join: make one (shown in full once), see how it is used, revoke it. */
export function JoinCodesPanel({ codes, groups }: Props) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const onCreated = useCallback(
    (code: string) => {
      setCreating(false);
      setFresh(code);
      router.refresh();
    },
    [router],
  );

  return (
    <Card role="region" aria-labelledby="join-codes-heading" id="join-codes">
      <CardHeader>
        <CardTitle>
          <h2 id="join-codes-heading">Join codes</h2>
        </CardTitle>
        <CardDescription>
          For learners who created their own account: they enter the code on their dashboard and join as members.
        </CardDescription>
        <CardAction>
          {!creating ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden /> New join code
            </Button>
          ) : null}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {creating ? <JoinCodeForm groups={groups} onCreated={onCreated} onCancel={() => setCreating(false)} /> : null}
        {fresh ? <NewCode code={fresh} onDone={() => setFresh(null)} /> : null}
        {codes.length === 0 && !creating ? (
          <div className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
            <KeyRound className="size-6" aria-hidden />
            <p>No join codes yet. Make one when a learner signs up on their own instead of using a pilot account.</p>
          </div>
        ) : null}
        <ul className="grid gap-2" aria-label="Join codes">
          {codes.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border bg-background p-3"
              data-testid="join-code-row"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium">
                  Code ending <span className="font-mono tracking-wider">{c.hint}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {c.group ? c.group.name : "No group"} · {c.uses}
                  {c.max_uses === null ? "" : ` of ${c.max_uses}`}{" "}
                  {c.uses === 1 && c.max_uses === null ? "use" : "uses"} ·{" "}
                  <span suppressHydrationWarning>
                    {c.revoked_at
                      ? `revoked ${day(c.revoked_at)}`
                      : c.expires_at
                        ? `${c.status === "expired" ? "expired" : "expires"} ${day(c.expires_at)}`
                        : "never expires"}
                  </span>
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={STATUS[c.status].variant}>{STATUS[c.status].label}</Badge>
                {c.status === "active" ? <RevokeJoinCodeButton id={c.id} hint={c.hint} /> : null}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The only time a code is shown in full: it is not stored, so it cannot be shown again. */
function NewCode({ code, onDone }: { code: string; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast.success("Join code copied");
    } catch {
      toast.error("Could not copy: select the code and copy it by hand");
    }
  }
  return (
    <div role="status" className="grid gap-3 rounded-lg border-2 border-primary bg-primary/5 p-4">
      <p className="text-sm font-medium">New join code</p>
      <p className="font-mono text-2xl font-semibold tracking-widest break-all select-all" data-testid="new-join-code">
        {code}
      </p>
      <p className="text-sm text-muted-foreground">
        Write it down or copy it now: it is shown only this once. Learners create an account on the sign-in page, sign
        in, and enter the code on their dashboard.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={copy}>
          <Copy aria-hidden /> Copy code
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
