import "server-only";

import { getDb } from "@/db";
import { selectOwnScores } from "@/db/queries/dashboard";
import type { SessionUser } from "@/lib/auth/service";

const MAX_POINTS = 200;

/** The learner's own progress: final score of each graded conversation (oldest first) and the best per roleplay. */
export async function getProgress(user: SessionUser) {
  const rows = await selectOwnScores(await getDb(), { userId: user.id, limit: MAX_POINTS });
  const points = rows.map((r) => ({
    conversation_id: r.conversation_id,
    started_at: r.started_at.toISOString(),
    score: Number(r.score),
    schema_name: r.schema_name,
  }));
  const best = new Map<string, { schema_name: string; best: number; attempts: number; last: number }>();
  for (const p of points) {
    const b = best.get(p.schema_name);
    best.set(p.schema_name, {
      schema_name: p.schema_name,
      best: Math.max(b?.best ?? 0, p.score),
      attempts: (b?.attempts ?? 0) + 1,
      last: p.score,
    });
  }
  return {
    points,
    best: [...best.values()].sort((a, b) => b.best - a.best || a.schema_name.localeCompare(b.schema_name)),
  };
}

export type Progress = Awaited<ReturnType<typeof getProgress>>;
