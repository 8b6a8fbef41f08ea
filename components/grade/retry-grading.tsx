"use client";

import { RotateCw } from "lucide-react";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { actionProblem } from "@/lib/client/action-state";
import { retryGradingAction } from "@/lib/grading/actions";

/** Puts a failed grade back in the queue; the server re-renders the page, which then shows the pending state. */
export function RetryGrading({ conversationId }: { conversationId: string }) {
  const [state, action, busy] = useActionState(retryGradingAction, {});
  const problem = actionProblem(state);
  return (
    <form action={action} className="grid gap-2">
      <input type="hidden" name="conversation_id" value={conversationId} />
      <Button type="submit" disabled={busy}>
        <RotateCw aria-hidden className={busy ? "animate-spin" : undefined} /> {busy ? "Retrying..." : "Retry grading"}
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
