import type { ActionState } from "@/lib/actions";

/** What went wrong in a server action's answer, as one line: its error, or the first field's message. */
export function actionProblem(state: ActionState): string | null {
  if (state.error) return state.error;
  for (const messages of Object.values(state.fieldErrors ?? {})) if (messages?.[0]) return messages[0];
  return null;
}
