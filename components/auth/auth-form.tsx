"use client";

import { GraduationCap } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api } from "@/lib/client/api";
import { clearToken, type StoredUser, storeSignIn } from "@/lib/client/storage";
import { safeNextPath } from "@/lib/safe-next";

import { SsoSignIn } from "./sso-sign-in";

type Mode = "signin" | "signup";
type SignInAnswer = { token: string; user: StoredUser; message: string };

export function AuthForm() {
  const router = useRouter();
  const params = useSearchParams();
  const next = params.get("next");
  // Reached through the server's redirect for a missing, expired or revoked session (spec
  // sections 4 and 8: the session is over, so token and user leave local storage too).
  useEffect(() => {
    if (next !== null) clearToken();
  }, [next]);
  const [mode, setMode] = useState<Mode>("signin");
  const [fields, setFields] = useState({ name: "", email: "", password: "" });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signUp = mode === "signup";

  const set = (key: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  function switchMode() {
    setMode(signUp ? "signin" : "signup");
    setError(null);
    setNotice(null);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      if (signUp) {
        const answer = await api<{ message: string }>("/api/auth/signup", {
          method: "POST",
          body: fields,
          auth: false,
        });
        setFields({ name: "", email: "", password: "" });
        setMode("signin");
        setNotice(answer.message);
      } else {
        const answer = await api<SignInAnswer>("/api/auth/signin", {
          method: "POST",
          body: { email: fields.email, password: fields.password },
          auth: false,
        });
        storeSignIn(answer.token, answer.user);
        router.push(safeNextPath(next) ?? "/dashboard");
        return; // stay busy while the dashboard loads
      }
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : "An error occurred during authentication");
    }
    setBusy(false);
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="text-2xl">{signUp ? "Create your account" : "Sign in to Parley"}</CardTitle>
        <CardDescription>
          {signUp ? "Practise real conversations with AI personas." : "Welcome back. Pick up where you left off."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex gap-3 rounded-lg border border-primary/20 bg-accent/60 p-3 text-sm text-accent-foreground">
          <GraduationCap className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-medium">University sales cohort:</span> sign in with the credentials your instructor
            gave you. You do not need to create an account.
          </p>
        </div>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {notice && (
          <Alert variant="success">
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
        <form id="auth-form" onSubmit={submit} className="space-y-4">
          {signUp && (
            <div className="space-y-2">
              <Label htmlFor="name">Name (optional)</Label>
              <Input id="name" name="name" autoComplete="name" value={fields.name} onChange={set("name")} />
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set("email")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="password">Password</Label>
            <Input
              id="password"
              name="password"
              type="password"
              required
              value={fields.password}
              onChange={set("password")}
              autoComplete={signUp ? "new-password" : "current-password"}
              minLength={signUp ? 8 : undefined}
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Loading..." : signUp ? "Sign Up" : "Sign In"}
          </Button>
        </form>
        {!signUp && (
          <>
            <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
              <span className="h-px flex-1 bg-border" />
              or
              <span className="h-px flex-1 bg-border" />
            </div>
            <SsoSignIn next={safeNextPath(next)} ssoError={params.get("sso_error")} />
          </>
        )}
      </CardContent>
      <CardFooter className="flex-col gap-3 text-sm text-muted-foreground">
        <p>
          {signUp ? "Already have an account?" : "New to Parley?"}{" "}
          <button
            type="button"
            onClick={switchMode}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {signUp ? "Sign in" : "Create an account"}
          </button>
        </p>
        <p className="text-center text-xs">
          By continuing you agree to the{" "}
          <a
            href="/terms"
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-4 hover:text-foreground"
          >
            Terms of Service
          </a>
          .
        </p>
      </CardFooter>
    </Card>
  );
}
