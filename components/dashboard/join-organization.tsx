"use client";

import { CheckCircle2, KeyRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, startTransition, useActionState, useEffect, useId } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/actions";
import { joinOrganizationAction } from "@/lib/organizations/join-code-actions";

/** A server action that cannot be reached (network) answers like any other failure. */
async function submit(prev: ActionState, formData: FormData): Promise<ActionState> {
  try {
    return await joinOrganizationAction(prev, formData);
  } catch {
    return { error: "Network error. Please check your connection and try again." };
  }
}

/**
 * The next step for an account in no organisation (self sign-up): a code from the instructor, or
 * whom to ask. After joining, the page reloads with the organisation's roleplays.
 */
export function JoinOrganization({ supportEmail }: { supportEmail: string }) {
  const id = useId();
  const router = useRouter();
  const [state, action, busy] = useActionState(submit, {});
  const fieldError = state.fieldErrors?.code?.[0];
  const problem = fieldError ?? state.error;

  useEffect(() => {
    if (!state.success) return;
    toast.success(state.success);
    router.refresh();
  }, [state, router]);

  // Submitted by hand (React resets a `<form action>` afterwards): a refused code stays to be corrected.
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fd = new FormData(event.currentTarget);
    startTransition(() => action(fd));
  }

  return (
    <Card
      id="join-organization"
      role="region"
      aria-labelledby={`${id}-heading`}
      className="border-primary/40 bg-primary/5"
    >
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden />
          <h2 id={`${id}-heading`}>Join your organization</h2>
        </CardTitle>
        <CardDescription>
          Your account is ready but not part of an organization yet. Enter the join code your instructor gave you to see
          your roleplays and assignments.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state.success ? (
          <p role="status" className="flex items-center gap-2 font-medium">
            <CheckCircle2 className="size-5 text-success" aria-hidden />
            {state.success} Loading your roleplays...
          </p>
        ) : (
          <form onSubmit={send} className="grid gap-2" noValidate>
            <Label htmlFor={`${id}-code`}>Join code</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={`${id}-code`}
                name="code"
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                placeholder="e.g. RCC-7KQ4-M9TX"
                className="font-mono tracking-wider uppercase placeholder:normal-case sm:max-w-xs"
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${id}-code-error`}
              />
              <Button type="submit" disabled={busy} className="sm:w-auto">
                {busy ? "Joining..." : "Join"}
              </Button>
            </div>
            <FieldMessage id={`${id}-code-error`} message={problem} />
          </form>
        )}
        <p className="text-sm text-muted-foreground">
          No code? Ask your instructor for one, or write to{" "}
          <a
            href={`mailto:${supportEmail}?subject=${encodeURIComponent("Access to my organization on Parley")}`}
            className="font-medium text-foreground underline underline-offset-4"
          >
            {supportEmail}
          </a>{" "}
          with the email address you signed up with.
        </p>
      </CardContent>
    </Card>
  );
}
