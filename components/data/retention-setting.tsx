"use client";

import { Clock } from "lucide-react";
import { useActionState, useId } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { setRetentionAction } from "@/lib/data/actions";

/** How long transcripts are kept: whole days (1-3650), or blank to keep them. Grades always stay. */
export function RetentionSetting({ days }: { days: number | null }) {
  const id = useId();
  const [state, action, busy] = useActionState(setRetentionAction, {});
  const error = state.fieldErrors?.retention_days?.[0] ?? state.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Clock className="size-5 text-muted-foreground" aria-hidden />
            Transcript retention
          </h2>
        </CardTitle>
        <CardDescription>
          {days === null
            ? "Transcripts are kept until someone deletes them."
            : `Transcripts are deleted ${days} ${days === 1 ? "day" : "days"} after a call ends.`}{" "}
          Grades, scores, reviews and the gradebook stay; comments on a deleted transcript&apos;s lines go with it.
          Parley records no call audio. The deletion runs every hour.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form action={action} className="flex flex-wrap items-end gap-x-4 gap-y-2" noValidate>
          <div className="grid gap-1">
            <label htmlFor={`${id}-days`} className="text-sm font-medium">
              Delete transcripts after (days)
            </label>
            <Input
              id={`${id}-days`}
              name="retention_days"
              inputMode="numeric"
              defaultValue={days ?? ""}
              placeholder="Keep"
              className="h-11 w-full sm:h-9 sm:w-40"
              aria-describedby={`${id}-hint ${id}-error`}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <Button type="submit" variant="outline" disabled={busy} className="max-sm:w-full">
            {busy ? "Saving..." : "Save retention"}
          </Button>
          <p id={`${id}-hint`} className="basis-full text-xs text-muted-foreground">
            From 1 to 3650 days; leave it empty to keep transcripts.
          </p>
          <FieldMessage id={`${id}-error`} message={error} />
          {state.success && !error ? (
            <p role="status" className="basis-full text-sm text-success">
              {state.success}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
