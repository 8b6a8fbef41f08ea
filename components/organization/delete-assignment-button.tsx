"use client";

import { Trash2 } from "lucide-react";
import { useActionState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/actions";
import { actionProblem } from "@/lib/client/action-state";
import { deleteAssignmentAction } from "@/lib/organizations/actions";

/** Asks first; the server deletes the assignment and re-renders the organisation page. */
export function DeleteAssignmentButton({ id, name }: { id: string; name: string }) {
  const [, action, busy] = useActionState(async (previous: ActionState, form: FormData) => {
    const state = await deleteAssignmentAction(previous, form);
    const problem = actionProblem(state);
    if (problem) toast.error(problem);
    return state;
  }, {});

  return (
    <form
      action={action}
      onSubmit={(event) => {
        if (!window.confirm(`Delete the assignment "${name}"? Learners' conversations and grades stay.`))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={`Delete assignment ${name}`}>
        <Trash2 aria-hidden />
      </Button>
    </form>
  );
}
