import { ArrowLeft, Bot, ListChecks } from "lucide-react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { GradeResponse } from "@/lib/grading/response";

type Props = { subtitle?: string; grader?: GradeResponse["grader"]; model?: string | null };

/** Title, what was practised, which grader made the grade, and Back to the dashboard. */
export function GradeHeader({ subtitle, grader, model }: Props) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Conversation Grade</h1>
        {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
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
      </div>
      <Button asChild variant="outline">
        <Link href="/dashboard">
          <ArrowLeft aria-hidden /> Back
        </Link>
      </Button>
    </header>
  );
}
