"use client";

import { AlertCircle, Loader2 } from "lucide-react";
import Link from "next/link";
import { useEffect } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { redirectIfAuthError } from "@/lib/client/api";

export function LoadingScreen({ label }: { label: string }) {
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-4" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-muted-foreground">
        <Loader2 className="size-8 animate-spin" aria-hidden />
        <p>{label}</p>
      </div>
    </main>
  );
}

/** The spec's error screen: a title, the message, Try Again (reload) and Back to Dashboard. */
export function ErrorScreen({ title, message }: { title: string; message: string }) {
  // A message mentioning 401 or Token clears the stored session and goes to /auth.
  useEffect(() => {
    redirectIfAuthError(new Error(message));
  }, [message]);
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md text-center" role="alert">
        <CardHeader className="justify-items-center">
          <AlertCircle className="size-10 text-destructive" aria-hidden />
          <CardTitle className="text-xl">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Try Again</Button>
          <Button variant="outline" asChild>
            <Link href="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
