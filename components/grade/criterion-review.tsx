"use client";

import { History, SlidersHorizontal } from "lucide-react";
import { useActionState, useId, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { overrideCriterionAction } from "@/lib/coaching/actions";
import type { CriterionChange, CriterionReviewView } from "@/lib/coaching/criteria";
import { MAX_REASON_CHARS } from "@/lib/validations/coaching";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
const scoreText = (n: number | null) => (n === null ? "no score" : String(n));

/** "automatic 40 -> 70, by Dr Lee, 3 Mar 2026: 'she did ask about budget at 03:10'" */
function changeLine(automatic: number | null, change: CriterionChange) {
  const to = change.score === null ? `back to automatic ${scoreText(automatic)}` : `${change.score}`;
  return `${scoreText(change.previous_score)} → ${to}`;
}

/** What an instructor changed on one criterion and why, for everyone who reads the grade. */
export function CriterionChangeNote({ review }: { review: CriterionReviewView }) {
  const [latest, ...older] = review.history;
  return (
    <div
      className="grid gap-1 rounded-md border border-blue-300 bg-blue-50 p-2 text-sm text-blue-950"
      data-testid="criterion-change"
    >
      <p>
        <span className="font-medium">
          {review.overridden
            ? `Reviewed: automatic ${scoreText(review.automatic_score)} → ${review.score}`
            : `Override cleared: automatic ${scoreText(review.automatic_score)} counts`}
        </span>
        {latest ? (
          <>
            , by {latest.reviewer ?? "an instructor"},{" "}
            <time dateTime={latest.changed_at} suppressHydrationWarning>
              {when(latest.changed_at)}
            </time>
            : <q className="italic">{latest.reason}</q>
          </>
        ) : null}
      </p>
      {older.length > 0 && (
        <details className="text-xs">
          <summary className="inline-flex cursor-pointer items-center gap-1">
            <History aria-hidden className="size-3" /> Earlier changes ({older.length})
          </summary>
          <ul className="mt-1 grid gap-1">
            {older.map((c) => (
              <li key={c.changed_at}>
                {changeLine(review.automatic_score, c)}, by {c.reviewer ?? "an instructor"}, {when(c.changed_at)}:{" "}
                <q>{c.reason}</q>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The admin's form on one criterion: a score 0-100 with a reason, or clearing the override (also with a reason). */
export function CriterionOverrideForm({
  conversationId,
  criterionId,
  label,
  automaticScore,
  review,
}: {
  conversationId: string;
  criterionId: string;
  label: string;
  automaticScore: number | null;
  review: CriterionReviewView | undefined;
}) {
  const id = useId();
  const [score, setScore] = useState(review?.overridden ? String(review.score) : "");
  const [reason, setReason] = useState("");
  const [state, action, busy] = useActionState(overrideCriterionAction, {});
  const scoreError = state.fieldErrors?.score?.[0];
  const reasonError = state.fieldErrors?.reason?.[0];
  return (
    <details className="rounded-md border bg-muted/30 text-sm" open={Boolean(scoreError || reasonError || state.error)}>
      <summary className="flex cursor-pointer items-center gap-1.5 p-2 font-medium">
        <SlidersHorizontal aria-hidden className="size-4" /> Override “{label}”
      </summary>
      <form action={action} className="grid gap-2 p-2 pt-0" noValidate>
        <input type="hidden" name="conversation_id" value={conversationId} />
        <input type="hidden" name="criterion_id" value={criterionId} />
        <div className="grid gap-1 sm:max-w-xs">
          <Label htmlFor={`${id}-score`}>Score for {label} (0-100)</Label>
          <Input
            id={`${id}-score`}
            name="score"
            inputMode="numeric"
            placeholder={`Automatic: ${scoreText(automaticScore)}`}
            value={score}
            onChange={(e) => setScore(e.target.value)}
            aria-describedby={`${id}-score-error`}
            aria-invalid={scoreError ? true : undefined}
          />
          <FieldMessage id={`${id}-score-error`} message={scoreError} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-reason`}>Reason for {label} (the learner sees it)</Label>
          <Textarea
            id={`${id}-reason`}
            name="reason"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={MAX_REASON_CHARS}
            required
            aria-describedby={`${id}-reason-error`}
            aria-invalid={reasonError ? true : undefined}
          />
          <FieldMessage id={`${id}-reason-error`} message={reasonError} />
        </div>
        {state.error ? (
          <Alert variant="destructive">
            <AlertDescription>{state.error}</AlertDescription>
          </Alert>
        ) : null}
        <p aria-live="polite" className="text-xs text-muted-foreground empty:hidden">
          {state.success ?? ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" name="intent" value="save" disabled={busy}>
            {busy ? "Saving..." : "Save score"}
          </Button>
          {review?.overridden ? (
            <Button type="submit" size="sm" variant="outline" name="intent" value="clear" disabled={busy}>
              Restore automatic score
            </Button>
          ) : null}
        </div>
      </form>
    </details>
  );
}
