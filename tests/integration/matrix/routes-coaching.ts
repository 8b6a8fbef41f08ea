import { and, eq } from "drizzle-orm";

import { getDb } from "@/db";
import { conversationTurns, turnComments } from "@/db/schema";

import { gradedVoiceCall } from "../../fixtures/coaching";
import { type Case, signedIn } from "./expect";
import type { World } from "./world";

/** A comment by organisation A's admin on the first turn of organisation A's graded call. */
export async function makeComment(w: World) {
  const db = await getDb();
  const [turn] = await db
    .select({ id: conversationTurns.id })
    .from(conversationTurns)
    .where(and(eq(conversationTurns.conversation_id, w.graded.id), eq(conversationTurns.seq, 0)));
  const [row] = await db
    .insert(turnComments)
    .values({ conversation_id: w.graded.id, turn_id: turn.id, author_id: w.users.admin.id, body: "Matrix note" })
    .returning();
  return { conversationId: w.graded.id, commentId: row.id };
}

// Comments and criterion reviews belong to an admin of the call's organisation: its learner, another
// organisation's admin and developers get the same 404 as for a call that does not exist.
const adminOfTheCall = signedIn({ member: 404, admin: 200, otherAdmin: 404, developer: 404 });

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  {
    route: "GET /api/organization/grades/[conversationId]/comments",
    input: (w) => ({ params: { conversationId: w.graded.id } }),
    expect: adminOfTheCall,
  },
  {
    route: "POST /api/organization/grades/[conversationId]/comments",
    input: (w) => ({ params: { conversationId: w.graded.id }, body: { turn_seq: 0, body: "Good opener" } }),
    expect: signedIn({ member: 404, admin: 201, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "PATCH /api/organization/grades/[conversationId]/comments/[commentId]",
    input: async (w) => ({ params: await makeComment(w), body: { body: "Edited" } }),
    expect: adminOfTheCall,
  },
  {
    route: "DELETE /api/organization/grades/[conversationId]/comments/[commentId]",
    input: async (w) => ({ params: await makeComment(w) }),
    expect: adminOfTheCall,
  },
  {
    // A call graded with a scorecard (the world's graded call predates scorecards: 409 for its admin).
    route: "GET /api/organization/grades/[conversationId]/criteria",
    input: async (w) => ({ params: { conversationId: await gradedVoiceCall(w.users.member.id, w.orgA.id) } }),
    expect: adminOfTheCall,
  },
  {
    route: "PUT /api/organization/grades/[conversationId]/criteria/[criterionId]",
    input: async (w) => ({
      params: { conversationId: await gradedVoiceCall(w.users.member.id, w.orgA.id), criterionId: "spin" },
      body: { score: 80, reason: "Asked about budget at 03:10" },
    }),
    expect: adminOfTheCall,
  },
];
