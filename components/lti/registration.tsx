"use client";

import { CheckCircle2, Link2 } from "lucide-react";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type ConfirmProps = {
  token: string;
  organization: string;
  platformHost: string;
  openidConfiguration: string;
  registrationToken: string;
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-8">
      <Card className="w-full max-w-lg">{children}</Card>
    </main>
  );
}

export function RegistrationConfirm(props: ConfirmProps) {
  const [sending, setSending] = useState(false);
  return (
    <Frame>
      <CardHeader>
        <Link2 className="size-8 text-primary" aria-hidden />
        <CardTitle>
          <h1 className="text-xl">Connect Parley to {props.platformHost}</h1>
        </CardTitle>
        <CardDescription>
          Launches from this LMS will sign people into the Parley organization <strong>{props.organization}</strong>,
          and scores will go to its gradebook. Instructors join as members until a Parley admin allows more.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={`/api/lti/register/${props.token}`} onSubmit={() => setSending(true)}>
          <input type="hidden" name="openid_configuration" value={props.openidConfiguration} />
          <input type="hidden" name="registration_token" value={props.registrationToken} />
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            {sending ? "Registering..." : "Register Parley"}
          </Button>
        </form>
      </CardContent>
    </Frame>
  );
}

/** Tells the LMS the registration is over (LTI DR 1.0, 3.7): it closes this page and finishes its side. */
export function RegistrationDone({ organization }: { organization: string }) {
  useEffect(() => {
    (window.opener ?? window.parent)?.postMessage({ subject: "org.imsglobal.lti.close" }, "*");
  }, []);
  return (
    <Frame>
      <CardHeader>
        <CheckCircle2 className="size-8 text-success" aria-hidden />
        <CardTitle>
          <h1 className="text-xl">Parley is registered</h1>
        </CardTitle>
        <CardDescription role="status">
          This LMS now launches Parley for {organization}. Your LMS may ask you to enable the tool before instructors
          can add it to courses. You can close this window.
        </CardDescription>
      </CardHeader>
    </Frame>
  );
}
