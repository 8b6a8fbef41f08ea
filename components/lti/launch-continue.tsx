"use client";

import { ExternalLink, Info, Loader2 } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type StoredUser, storeSignIn } from "@/lib/client/storage";

type Props = { to: string; notices: string[]; session: { token: string; user: StoredUser } | null };
type Where = "loading" | "framed" | "top";

function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true; // a cross-origin parent throws: that is a frame too
  }
}

/** The one-time code rides in the URL's fragment (never sent to a server, never in a Referer); read once. */
let takenCode: string | null = null;
function takeCode(): string {
  if (takenCode === null) {
    takenCode = new URLSearchParams(window.location.hash.slice(1)).get("h") ?? "";
    // It leaves the address bar, so a reload or a copied URL does not carry it.
    if (takenCode) history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  return takenCode;
}
const noSubscription = () => () => {};

export function LaunchContinue({ to, notices, session }: Props) {
  const where = useSyncExternalStore<Where>(
    noSubscription,
    () => (isFramed() ? "framed" : "top"),
    () => "loading",
  );
  const code = useSyncExternalStore(noSubscription, takeCode, () => "");
  const [opened, setOpened] = useState(false);
  const selfForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (where !== "top") return;
    if (session) {
      storeSignIn(session.token, session.user);
      if (notices.length === 0) window.location.replace(to);
    } else if (code) {
      // Top-level but the cookie did not arrive (a strict browser): exchange the code in this tab.
      selfForm.current?.submit();
    }
  }, [where, session, code, notices.length, to]);

  const noticeList = notices.length > 0 && (
    <Alert>
      <Info aria-hidden />
      <AlertTitle>Before you go on</AlertTitle>
      <AlertDescription>
        {notices.map((n) => (
          <p key={n}>{n}</p>
        ))}
      </AlertDescription>
    </Alert>
  );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-8">
      <Card className="w-full max-w-lg">
        {where === "loading" || (where === "top" && (session || code) && notices.length === 0) ? (
          <CardContent className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            <p role="status">Opening Parley...</p>
          </CardContent>
        ) : where === "framed" ? (
          <>
            <CardHeader>
              <CardTitle>
                <h1 className="text-xl">Parley opens in a new tab</h1>
              </CardTitle>
              <CardDescription>
                Your course shows Parley inside its own page, where browsers keep Parley from signing you in. Open it in
                a new tab to practise; you are signed in there, and this course page stays open.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {noticeList}
              {code ? (
                <form method="post" action="/api/lti/handoff" target="_blank" onSubmit={() => setOpened(true)}>
                  <input type="hidden" name="code" value={code} />
                  <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={opened}>
                    <ExternalLink aria-hidden /> Open Parley in a new tab
                  </Button>
                </form>
              ) : (
                <p role="alert" className="text-sm text-destructive">
                  This link has already been used or has expired. Open the activity from your course again.
                </p>
              )}
              <p aria-live="polite" className="text-sm text-muted-foreground">
                {opened
                  ? "Parley is open in another tab. To open it again, open the activity from your course again."
                  : "The button works once, for two minutes."}
              </p>
            </CardContent>
          </>
        ) : session ? (
          <>
            <CardHeader>
              <CardTitle>
                <h1 className="text-xl">Welcome to Parley, {session.user.name}</h1>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {noticeList}
              <Button asChild size="lg" className="w-full sm:w-auto">
                <a href={to}>Continue to Parley</a>
              </Button>
            </CardContent>
          </>
        ) : (
          <CardHeader>
            <CardTitle>
              <h1 className="text-xl">Your sign-in did not reach this tab</h1>
            </CardTitle>
            <CardDescription role="alert">
              Open the activity from your course again. If this keeps happening, allow cookies for this site.
            </CardDescription>
          </CardHeader>
        )}
        <form ref={selfForm} method="post" action="/api/lti/handoff" className="hidden">
          <input type="hidden" name="code" value={code} />
        </form>
      </Card>
    </main>
  );
}
