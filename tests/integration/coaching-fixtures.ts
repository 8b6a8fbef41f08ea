import { getDb } from "@/db";
import { conversations, conversationTurns } from "@/db/schema";
import { enqueueGrade } from "@/lib/grading/queue";
import { drainGrades } from "@/lib/grading/worker";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

/**
 * A spoken discovery call of `userId` in `orgId`, graded by the real pipeline (the rubric: no model key).
 * Its first turn starts two minutes into the call, so turn offsets read 02:00, 02:05...
 */
export async function gradedVoiceCall(userId: string, orgId: string, roleplayId: string | null = null) {
  const db = await getDb();
  const started = new Date(Date.now() - 30 * 60_000);
  const id = await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({
        user_id: userId,
        organization_id: orgId,
        schema_id: roleplayId,
        schema_name: "Warehouse discovery",
        persona: samplePersona,
        mode: "livekit",
        status: "ended",
        started_at: started,
        ended_at: new Date(started.getTime() + 5 * 60_000),
      })
      .returning();
    const turns = timedTurns(discoveryCall, "voice", new Date(started.getTime() + 120_000));
    await tx.insert(conversationTurns).values(turns.map((t) => ({ ...t, conversation_id: c.id })));
    await enqueueGrade(tx, c.id);
    return c.id;
  });
  await drainGrades();
  return id;
}
