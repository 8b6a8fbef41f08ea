"use client";

import { useActionState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/actions";
import { actionProblem } from "@/lib/client/action-state";
import { revokeJoinCodeAction } from "@/lib/organizations/join-code-actions";

/** Asks first; a revoked code stops working at once and stays in the list as revoked. */
export function RevokeJoinCodeButton({ id, hint }: { id: string; hint: string }) {
  const [, action, busy] = useActionState(async (previous: ActionState, form: FormData) => {
    const state = await revokeJoinCodeAction(previous, form);
    const problem = actionProblem(state);
    if (problem) toast.error(problem);
    else toast.success(`Code ending ${hint} revoked`);
    return state;
  }, {});

  return (
    <form
      action={action}
      onSubmit={(event) => {
        if (!window.confirm(`Revoke the code ending ${hint}? Nobody can join with it afterwards.`))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Revoke the code ending ${hint}`}>
        {busy ? "Revoking..." : "Revoke"}
      </Button>
    </form>
  );
}
