"use client";

import { AlertTriangle, RotateCw } from "lucide-react";
import { useEffect } from "react";

import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { redirectIfAuthError } from "@/lib/client/api";

// Production builds replace server error messages with a generic text; show the spec's fallback instead.
const isGeneric = (message: string) => !message || message.includes("Server Components render");

export default function DashboardError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error);
    redirectIfAuthError(error);
  }, [error]);
  const message = isGeneric(error.message) ? "Failed to load dashboard data" : error.message;
  return (
    <main className="mx-auto grid w-full max-w-lg px-4 py-16">
      <Card role="alert">
        <CardHeader>
          <AlertTriangle className="size-6 text-destructive" aria-hidden />
          <CardTitle>
            <h1 className="text-xl">Error Loading Dashboard</h1>
          </CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden /> Try Again
          </Button>
          <SignOutButton />
        </CardContent>
      </Card>
    </main>
  );
}
