import "server-only";

import { getDb } from "@/db";
import { markEnded } from "@/db/queries/conversations";
import {
  lockIdleConversation,
  markAbandoned,
  refundCredit,
  selectIdleConversations,
} from "@/db/queries/idle-conversations";
import { env } from "@/lib/env";
import { enqueueGrade, kickGrader } from "@/lib/grading/queue";

type IdleSweep = { graded: string[]; abandoned: string[] };

/**
 * Ends calls nobody is in any more (a closed tab, a lost connection): an active conversation with
 * no turn for CALL_IDLE_MINUTES is graded when the learner spoke, otherwise marked abandoned and
 * its credit refunded. Each one is settled in its own transaction under a row lock, so it happens
 * once even when several server processes sweep at the same moment.
 */
export async function sweepIdleConversations(
  opts: { now?: Date; idleMinutes?: number; limit?: number } = {},
): Promise<IdleSweep> {
  const db = await getDb();
  const idleMinutes = opts.idleMinutes ?? env().CALL_IDLE_MINUTES;
  const before = new Date((opts.now ?? new Date()).getTime() - idleMinutes * 60_000);
  const result: IdleSweep = { graded: [], abandoned: [] };
  for (const { id } of await selectIdleConversations(db, { before, limit: opts.limit ?? 100 })) {
    const outcome = await db.transaction(async (tx) => {
      const idle = await lockIdleConversation(tx, { conversationId: id, before });
      if (!idle) return null;
      if (idle.learner_turns > 0) {
        if (!(await markEnded(tx, id))) return null;
        await enqueueGrade(tx, id);
        return "graded" as const;
      }
      const abandoned = await markAbandoned(tx, id);
      if (!abandoned) return null;
      await refundCredit(tx, abandoned.user_id);
      return "abandoned" as const;
    });
    if (outcome) result[outcome].push(id);
  }
  if (result.graded.length) kickGrader();
  return result;
}

const state = globalThis as unknown as { parleyIdleSweep?: NodeJS.Timeout };

/** Started once per server process, beside the grading sweep; runs every CALL_IDLE_SWEEP_MS (a minute). */
export function startIdleSweep(): void {
  if (state.parleyIdleSweep) return;
  const run = () =>
    void sweepIdleConversations().catch((err) =>
      console.error("[conversations] idle sweep failed:", err instanceof Error ? err.message : err),
    );
  state.parleyIdleSweep = setInterval(run, env().CALL_IDLE_SWEEP_MS);
  state.parleyIdleSweep.unref();
  setImmediate(run);
}
