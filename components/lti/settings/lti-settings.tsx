"use client";

import { ArrowLeft, Copy, GraduationCap, Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formRequest } from "@/lib/client/api";
import type { PresentedPlatform } from "@/lib/lti/platforms";
import type { ToolUrls } from "@/lib/lti/tool-urls";

import { PlatformForm } from "./platform-form";

type Listing = { tool: ToolUrls; platforms: PresentedPlatform[]; pending_registration_links: number };

function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr_auto] sm:items-center sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-mono text-sm break-all">{value}</dd>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-label={`Copy ${label}`}
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
      >
        <Copy aria-hidden /> {copied ? "Copied" : "Copy"}
      </Button>
    </div>
  );
}

/** The organisation's LMS connections: one-time registration links, registrations, and the tool's URLs. */
export function LtiSettings({ initial, organizationName }: { initial: Listing; organizationName: string }) {
  const [platforms, setPlatforms] = useState(initial.platforms);
  const [pending, setPending] = useState(initial.pending_registration_links);
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tool = initial.tool;

  async function newLink() {
    setError(null);
    const answer = await formRequest<{ url: string; expires_at: string }>(
      "/api/organization/lti/registrations",
      "POST",
    );
    if (!answer.ok) return setError(answer.message);
    setLink(answer.data);
    setPending((n) => n + 1);
  }
  async function revokeLinks() {
    setError(null);
    const answer = await formRequest<{ revoked: number }>("/api/organization/lti/registrations", "DELETE");
    if (!answer.ok) return setError(answer.message);
    setLink(null);
    setPending(0);
  }
  async function remove(p: PresentedPlatform) {
    setError(null);
    const answer = await formRequest(`/api/organization/lti/platforms/${p.id}`, "DELETE");
    setConfirming(null);
    if (answer.ok) setPlatforms((list) => list.filter((x) => x.id !== p.id));
    else setError(answer.message);
  }
  const saved = (p: PresentedPlatform) => {
    setPlatforms((list) => (list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [...list, p]));
    setEditing(null);
  };

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <GraduationCap className="size-6 text-primary" aria-hidden />
            LMS (LTI 1.3)
          </h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Launches from a connected LMS (Canvas, Moodle, Blackboard, D2L) sign people into{" "}
            {organizationName || "this organization"} without a password; each course becomes a group, and scores go
            back to the course gradebook.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link href="/organization">
            <ArrowLeft aria-hidden /> Back to Organization
          </Link>
        </Button>
      </header>

      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Connect an LMS with one link</h2>
          </CardTitle>
          <CardDescription>
            Dynamic registration: paste this link into the LMS (Canvas: Developer Keys, + LTI Registration; Moodle:
            Manage tools, Tool URL). It works once, for 7 days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {link ? (
            <div className="grid gap-2 rounded-md border bg-muted/40 p-3" data-testid="registration-link">
              <CopyValue label="Registration URL" value={link.url} />
              <p className="text-sm text-muted-foreground">
                Shown once: copy it now. It expires {new Date(link.expires_at).toLocaleDateString()}.
              </p>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => void newLink()}>Create a registration link</Button>
            {pending > 0 ? (
              <Button variant="outline" onClick={() => void revokeLinks()}>
                Revoke unused links ({pending})
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Connected LMSs</h2>
          </CardTitle>
          <CardDescription>Each registration launches into this organization only.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {platforms.length === 0 && editing !== "new" ? (
            <p className="text-sm text-muted-foreground">No LMS is connected yet.</p>
          ) : null}
          <ul className="grid gap-3">
            {platforms.map((p) =>
              editing === p.id ? (
                <li key={p.id}>
                  <PlatformForm platform={p} onSaved={saved} onCancel={() => setEditing(null)} />
                </li>
              ) : (
                <li key={p.id} className="grid gap-2 rounded-lg border bg-background p-4" data-testid="lti-platform">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">{p.name || p.issuer}</p>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge variant="outline">
                        {p.registered_by === "dynamic" ? "Dynamic registration" : "Manual"}
                      </Badge>
                      <Badge variant={p.instructors_become_admins ? "secondary" : "outline"}>
                        {p.instructors_become_admins ? "Instructors: admins" : "Instructors: members"}
                      </Badge>
                    </div>
                  </div>
                  <dl className="grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
                    <dt className="text-muted-foreground">Issuer</dt>
                    <dd className="break-all">{p.issuer}</dd>
                    <dt className="text-muted-foreground">Client id</dt>
                    <dd className="break-all">{p.client_id}</dd>
                    <dt className="text-muted-foreground">Deployments</dt>
                    <dd className="break-all">{p.deployment_ids.join(", ") || "None: launches are refused"}</dd>
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(p.id)}>
                      Edit
                    </Button>
                    {confirming === p.id ? (
                      <>
                        <Button size="sm" variant="destructive" onClick={() => void remove(p)}>
                          Delete: launches stop
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                          Keep
                        </Button>
                      </>
                    ) : (
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(p.id)}>
                        Delete
                      </Button>
                    )}
                  </div>
                </li>
              ),
            )}
          </ul>
          {editing === "new" ? (
            <PlatformForm onSaved={saved} onCancel={() => setEditing(null)} />
          ) : (
            <Button variant="outline" className="justify-self-start" onClick={() => setEditing("new")}>
              <Plus aria-hidden /> Add an LMS by hand
            </Button>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>URLs for manual registration</h2>
          </CardTitle>
          <CardDescription>
            Paste these into the LMS when you add Parley by hand (docs/lti.md says where, for each LMS).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <CopyValue label="Login (OIDC initiation) URL" value={tool.login} />
            <CopyValue label="Redirect / launch URL" value={tool.launch} />
            <CopyValue label="Deep linking URL" value={tool.deepLink} />
            <CopyValue label="Public keyset (JWKS) URL" value={tool.jwks} />
            <CopyValue label="Domain" value={tool.domain} />
          </dl>
        </CardContent>
      </Card>
    </main>
  );
}
