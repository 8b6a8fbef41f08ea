"use client";

import { ArrowLeft, FileUp, Loader2, Printer, ShieldCheck, Trash2 } from "lucide-react";
import Link from "next/link";
import { useId, useMemo, useState, useSyncExternalStore } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { forgetSeed, readSeed, type StoredSeed } from "@/lib/client/storage";
import {
  cardsToPrint,
  organizationFromFilename,
  parseSeedCsv,
  type SignInSheet as Sheet,
} from "@/lib/dev/sign-in-cards";

import { SignInCardPages } from "./sign-in-card";

type Source = { sheet: Sheet; from: "tab" | "file" };

const noChanges = () => () => {};

/** The last seed of this tab, serialised so the snapshot is stable; undefined while rendering on the server. */
function useStoredSeed() {
  const raw = useSyncExternalStore(
    noChanges,
    () => JSON.stringify(readSeed()),
    () => undefined,
  );
  return useMemo<Source | null | undefined>(() => {
    if (raw === undefined) return undefined;
    const seed = JSON.parse(raw) as StoredSeed | null;
    const parsed = seed ? parseSeedCsv(seed.csv_data) : null;
    return seed && parsed && "cards" in parsed
      ? { sheet: { organization: seed.organization, cards: parsed.cards }, from: "tab" }
      : null;
  }, [raw]);
}

/** Opens the seed's CSV from disk: read in the browser, never uploaded. */
function OpenCsv({ onOpen, variant }: { onOpen: (file: File) => void; variant: "default" | "outline" }) {
  const id = useId();
  return (
    <Button variant={variant} asChild>
      <label htmlFor={id} className="cursor-pointer has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
        <FileUp aria-hidden />
        Open a CSV
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onOpen(file);
            e.target.value = "";
          }}
        />
      </label>
    </Button>
  );
}

const PRIVACY_TAB =
  "The passwords are only in this browser tab and in the CSV you downloaded: the server keeps them hashed and cannot show them again, and this page sends them nowhere. Closing the tab forgets them; Open a CSV rebuilds the cards from the downloaded file.";
const PRIVACY_FILE =
  "These cards come from the CSV you opened: it was read in this browser and sent nowhere. Leaving the page forgets them.";

/** The printable sign-in cards of the last seed in this tab, or of a seed's CSV opened from disk. */
export function SignInSheet() {
  const stored = useStoredSeed();
  const origin = useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => undefined,
  );
  const [opened, setOpened] = useState<Source | null>(null);
  const [forgotten, setForgotten] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typedUrl, setTypedUrl] = useState<string | null>(null);
  const [instructors, setInstructors] = useState(false);
  const urlId = useId();
  const source = opened ?? (forgotten ? null : stored);
  const signInUrl = typedUrl ?? (origin ? `${origin}/auth` : "");

  const open = async (file: File) => {
    const parsed = parseSeedCsv(await file.text());
    if ("error" in parsed) return setError(`${file.name}: ${parsed.error}`);
    setError(null);
    setOpened({ sheet: { organization: organizationFromFilename(file.name), cards: parsed.cards }, from: "file" });
  };

  const forget = () => {
    forgetSeed();
    setOpened(null);
    setForgotten(true);
    setError(null);
  };

  if (source === undefined) {
    return (
      <main className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground" role="status">
        <Loader2 className="size-6 animate-spin" aria-hidden />
        Loading the sign-in cards...
      </main>
    );
  }

  const errorAlert = error && (
    <Alert variant="destructive">
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  );

  if (!source) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle>
              <h1 className="text-xl">No sign-in cards in this tab</h1>
            </CardTitle>
            <CardDescription>
              Passwords are shown only once, when an organisation is seeded, and this tab holds none. Seed an
              organisation in the Development Tools, or open the CSV that a seed downloaded.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {errorAlert}
            <div className="flex flex-wrap gap-3">
              <OpenCsv onOpen={open} variant="default" />
              <Button variant="outline" asChild>
                <Link href="/development">
                  <ArrowLeft aria-hidden />
                  Development Tools
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </main>
    );
  }

  const { sheet } = source;
  const cards = cardsToPrint(sheet.cards, instructors);
  const instructorCount = sheet.cards.length - cardsToPrint(sheet.cards, false).length;
  return (
    <main className="min-h-dvh bg-muted/40 print:bg-white">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
        <header className="space-y-4 print:hidden">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight">Sign-in cards</h1>
              <p className="text-sm text-muted-foreground">
                {sheet.organization} · {cards.length} {cards.length === 1 ? "card" : "cards"}, 8 to a page (A4 or
                Letter)
              </p>
            </div>
            <Button variant="outline" asChild>
              <Link href="/development">
                <ArrowLeft aria-hidden />
                Development Tools
              </Link>
            </Button>
          </div>
          <Alert>
            <ShieldCheck aria-hidden />
            <AlertDescription>{source.from === "tab" ? PRIVACY_TAB : PRIVACY_FILE}</AlertDescription>
          </Alert>
          {errorAlert}
          <div className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <div className="space-y-1.5">
              <Label htmlFor={urlId}>Sign-in address printed on the cards</Label>
              <Input id={urlId} value={signInUrl} onChange={(e) => setTypedUrl(e.target.value)} />
            </div>
            <div className="flex items-center gap-2 sm:pb-2">
              <Checkbox
                id={`${urlId}-instructors`}
                checked={instructors}
                disabled={!instructorCount}
                onCheckedChange={(v) => setInstructors(v === true)}
              />
              <Label htmlFor={`${urlId}-instructors`}>Include instructors ({instructorCount})</Label>
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => window.print()} disabled={!cards.length}>
              <Printer aria-hidden />
              Print
            </Button>
            <OpenCsv onOpen={open} variant="outline" />
            <Button variant="outline" onClick={forget}>
              <Trash2 aria-hidden />
              Forget these passwords
            </Button>
          </div>
        </header>
        {cards.length ? (
          <SignInCardPages cards={cards} organization={sheet.organization} signInUrl={signInUrl} />
        ) : (
          <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            This organisation has no learners. Include instructors to print their cards.
          </p>
        )}
      </div>
    </main>
  );
}
