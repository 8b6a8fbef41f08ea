import { ArrowLeft, Bot, ListChecks, PhoneCall } from "lucide-react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { GradeResponse } from "@/lib/grading/response";

type Props = {
  subtitle?: string;
  grader?: GradeResponse["grader"];
  model?: string | null;
  /** An uploaded real call: which speaker in the file was graded as the learner. */
  realCall?: { learnerLabel: string | null } | null;
  /** The model's answer was unusable, so the rubric graded: why (GradeResponse.graded_offline_reason). */
  offlineReason?: string | null;
};

/** Title, what was practised, which grader made the grade, and Back to the dashboard. */
export function GradeHeader({ subtitle, grader, model, realCall, offlineReason }: Props) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Conversation Grade</h1>
        {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
        {realCall && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="outline" data-testid="real-call-badge">
              <PhoneCall aria-hidden /> Real call
            </Badge>
            <span>
              Uploaded transcript
              {realCall.learnerLabel ? `, graded as ${realCall.learnerLabel}` : ""}: no credit used, not counted as
              practice.
            </span>
          </p>
        )}
        {grader === "ai" && (
          <Badge variant="info" className="mt-1">
            <Bot aria-hidden /> AI grade{model ? ` · ${model}` : ""}
          </Badge>
        )}
        {grader === "rubric" && (
          <Badge variant="secondary" className="mt-1">
            <ListChecks aria-hidden /> Rubric grade
          </Badge>
        )}
        {grader === "rubric" && offlineReason && (
          <p className="max-w-prose text-sm text-muted-foreground" data-testid="graded-offline">
            {offlineReason}
            {model ? ` (Model asked: ${model}.)` : ""}
          </p>
        )}
      </div>
      <Button asChild variant="outline">
        <Link href="/dashboard">
          <ArrowLeft aria-hidden /> Back
        </Link>
      </Button>
    </header>
  );
}
