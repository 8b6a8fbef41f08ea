"use client";

import { AlertCircle, CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { startTransition, useActionState, useEffect, useRef, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { ActionState } from "@/lib/actions";
import { joinWaitlistAction } from "@/lib/waitlist/actions";

import { FieldError, WaitlistInterests } from "./waitlist-interests";

const GENERIC_ERROR = "Something went wrong. Please try again.";

/** The server action answers with ActionState; a failure to reach it (network) is turned into one too. */
async function submit(prev: ActionState, formData: FormData): Promise<ActionState> {
  try {
    return await joinWaitlistAction(prev, formData);
  } catch (err) {
    // fetch rejects with a TypeError when the server cannot be reached
    if (err instanceof TypeError) return { error: "Network error. Please check your connection and try again." };
    return { error: err instanceof Error && err.message ? err.message : GENERIC_ERROR };
  }
}

export function WaitlistForm() {
  const [state, formAction, pending] = useActionState(submit, {});
  const [other, setOther] = useState(false);
  const [otherDetails, setOtherDetails] = useState("");
  const errors = state.fieldErrors ?? {};

  function onOtherChange(checked: boolean) {
    setOther(checked);
    if (!checked) setOtherDetails("");
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Submitting by hand keeps the fields filled in when the answer is an error.
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(() => formAction(formData));
  }

  if (state.success) return <WaitlistSuccess />;

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Thank you for your interest!</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Join the waitlist and we will let you know as soon as Parley is ready for you.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-6" aria-busy={pending}>
        {state.error && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertDescription>{state.error}</AlertDescription>
          </Alert>
        )}
        <div className="space-y-2">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby="email-error"
          />
          <FieldError id="email-error" errors={errors.email} />
        </div>
        <div className="space-y-2">
          <div className="flex items-baseline justify-between">
            <Label htmlFor="name">Name</Label>
            <span className="text-xs text-muted-foreground">Optional</span>
          </div>
          <Input
            id="name"
            name="name"
            autoComplete="name"
            maxLength={100}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby="name-error"
          />
          <FieldError id="name-error" errors={errors.name} />
        </div>
        <WaitlistInterests other={other} onOtherChange={onOtherChange} errors={errors.interests} />
        {other && (
          <div className="space-y-2">
            <Label htmlFor="otherDetails">Tell us more</Label>
            <Textarea
              id="otherDetails"
              name="otherDetails"
              value={otherDetails}
              onChange={(e) => setOtherDetails(e.target.value)}
              maxLength={1000}
              placeholder="What would you like to practise?"
              aria-invalid={errors.otherDetails ? true : undefined}
              aria-describedby="otherDetails-error"
            />
            <FieldError id="otherDetails-error" errors={errors.otherDetails} />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <Button asChild variant="ghost">
            <Link href="/">Back to Home</Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Joining waitlist..." : "Join Waitlist"}
          </Button>
        </div>
      </form>
    </>
  );
}

function WaitlistSuccess() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-success/10 text-success" aria-hidden>
        <CheckCircle2 className="size-6" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-semibold tracking-tight outline-none">
        You&apos;re on the list!
      </h1>
      <p className="mt-2 max-w-sm text-sm text-muted-foreground">
        Thanks for joining the Parley waitlist. We&apos;ll be in touch by email as soon as there is a place for you.
      </p>
      <Button asChild className="mt-8">
        <Link href="/">Back to Home</Link>
      </Button>
    </div>
  );
}
