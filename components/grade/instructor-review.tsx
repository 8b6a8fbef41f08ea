"use client";

import { MessageSquareQuote } from "lucide-react";
import { useActionState, useId, useState } from "react";

import { ScoreText } from "@/components/dashboard/score-text";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { reviewGradeAction } from "@/lib/organizations/actions";
import type { GradeReviewView } from "@/lib/organizations/reviews";

/** The automatic grade of a call with too little said is a state, not a number. */
const TOO_LITTLE = "Too little to grade";

type Props = {
  conversationId: string;
  automaticScore: number | null;
  review: GradeReviewView | null;
  canReview: boolean;
};

/** The instructor's note (everyone who can read the grade sees it) and, for admins, the review form. */
export function InstructorReview({ conversationId, automaticScore, review, canReview }: Props) {
  if (!review && !canReview) return null;
  return (
    <Card aria-labelledby="instructor-review" role="region" className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 id="instructor-review" className="flex items-center gap-2 text-lg">
            <MessageSquareQuote className="size-5 text-muted-foreground" aria-hidden /> Instructor review
          </h2>
        </CardTitle>
        {review ? (
          <CardDescription>
            {review.reviewer ? `${review.reviewer}, ` : ""}
            <time dateTime={review.reviewed_at} suppressHydrationWarning>
              {new Date(review.reviewed_at).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" })}
            </time>
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {review ? <ReviewNote review={review} /> : null}
        {canReview ? (
          <ReviewForm conversationId={conversationId} automaticScore={automaticScore} review={review} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function ReviewNote({ review }: { review: GradeReviewView }) {
  return (
    <div className="grid gap-3">
      <dl className="flex flex-wrap gap-6 text-sm">
        <div>
          <dt className="text-muted-foreground">Automatic score</dt>
          <dd className={review.reviewed_score !== null ? "text-lg line-through decoration-1" : "text-lg"}>
            <ScoreText score={review.automatic_score} empty={TOO_LITTLE} />
          </dd>
        </div>
        {review.reviewed_score !== null ? (
          <div>
            <dt className="text-muted-foreground">Reviewed score (counts)</dt>
            <dd className="text-lg">
              <ScoreText score={review.reviewed_score} />
            </dd>
          </div>
        ) : null}
      </dl>
      {review.comment ? (
        <blockquote
          className="border-l-4 border-primary/40 pl-3 text-sm leading-relaxed whitespace-pre-wrap"
          data-testid="review-comment"
        >
          {review.comment}
        </blockquote>
      ) : null}
      {review.reviewed_score !== null && review.whole_score === null ? (
        <p className="text-sm text-muted-foreground" data-testid="review-recomputed">
          Recomputed from the scorecard with the criteria an instructor changed (see the scorecard below).
        </p>
      ) : null}
    </div>
  );
}

function ReviewForm({ conversationId, automaticScore, review }: Omit<Props, "canReview">) {
  const id = useId();
  // Controlled, so a refused save keeps what the instructor typed.
  // The whole-grade score the instructor set, not one recomputed from overridden criteria.
  const [score, setScore] = useState(review?.whole_score?.toString() ?? "");
  const [comment, setComment] = useState(review?.comment ?? "");
  const [state, action, busy] = useActionState(reviewGradeAction, {});
  const scoreError = state.fieldErrors?.score?.[0];
  const commentError = state.fieldErrors?.comment?.[0];

  return (
    <form action={action} className="grid gap-3 rounded-md border bg-muted/30 p-3" noValidate>
      <input type="hidden" name="conversation_id" value={conversationId} />
      <p className="text-sm font-medium">{review ? "Update your review" : "Review this grade"}</p>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={`${id}-score`}>Reviewed score (optional)</Label>
        <Input
          id={`${id}-score`}
          name="score"
          inputMode="numeric"
          placeholder={`Automatic: ${automaticScore ?? TOO_LITTLE.toLowerCase()}`}
          value={score}
          onChange={(e) => setScore(e.target.value)}
          aria-describedby={`${id}-score-hint ${id}-score-error`}
          aria-invalid={scoreError ? true : undefined}
        />
        <FieldMessage id={`${id}-score-error`} message={scoreError} />
        <p id={`${id}-score-hint`} className="text-xs text-muted-foreground">
          Leave empty to keep the automatic score (or the one recomputed from criteria you changed below). A score here
          replaces both and needs a reason.
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-comment`}>Comment for the learner</Label>
        <Textarea
          id={`${id}-comment`}
          name="comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          maxLength={2000}
          required
          aria-describedby={`${id}-comment-error`}
          aria-invalid={commentError ? true : undefined}
        />
        <FieldMessage id={`${id}-comment-error`} message={commentError} />
      </div>
      {state.error ? (
        <Alert variant="destructive" aria-live="assertive">
          <AlertDescription>{state.error}</AlertDescription>
        </Alert>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {state.success ?? ""}
      </p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? "Saving..." : "Save review"}
      </Button>
    </form>
  );
}
