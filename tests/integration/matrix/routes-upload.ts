import { eq } from "drizzle-orm";

import { getDb } from "@/db";
import { conversations } from "@/db/schema";

import { type Case, signedIn } from "./expect";
import { makeConversation, type World } from "./world";

const transcript = "Sam: How do you close the books today?\nDana: By hand, mostly.\nSam: What does that cost you?";

async function markRealCall(id: string) {
  await (await getDb()).update(conversations).set({ source: "real_call" }).where(eq(conversations.id, id));
}

/** An uploaded real call of organisation A's member (a practice call with its source changed). */
async function realCall(w: World) {
  const c = await makeConversation(w.users.member.id, w.orgA.id, w.publicRoleplay.id, { ended: true, graded: true });
  await markRealCall(c.id);
  return { params: { conversationId: c.id } };
}

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  {
    route: "POST /api/protected/real-calls/preview",
    input: () => ({ body: { content: transcript } }),
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  {
    // JSON is not a recording: every signed-in caller gets the same 415 (the audio tests send real WAVs).
    route: "POST /api/protected/real-calls/transcribe",
    input: () => ({ body: { audio: "not multipart" } }),
    expect: signedIn({ member: 415, admin: 415, otherAdmin: 415, developer: 415 }),
  },
  {
    // Their own call, on organisation A's public roleplay: another organisation's admin cannot see it.
    route: "POST /api/protected/real-calls",
    input: (w) => ({ body: { content: transcript, learner_label: "Sam", roleplay_id: w.publicRoleplay.id } }),
    expect: signedIn({ member: 201, admin: 201, otherAdmin: 404, developer: 201 }),
  },
  {
    // For organisation A's member: only A's admin may; the member is themself (allowed).
    route: "POST /api/protected/real-calls",
    variant: "for a learner",
    input: (w) => ({
      body: {
        content: transcript,
        learner_label: "Sam",
        roleplay_id: w.publicRoleplay.id,
        learner_id: w.users.member.id,
      },
    }),
    expect: signedIn({ member: 201, admin: 201, otherAdmin: 404, developer: 404 }),
  },
  {
    // Live hints of a voice call: only the learner who holds it.
    route: "GET /api/protected/conversations/[conversationId]/hint",
    input: async (w) => ({
      params: { conversationId: (await makeConversation(w.users.member.id, w.orgA.id, w.publicRoleplay.id)).id },
    }),
    expect: signedIn({ member: 200, admin: 404, otherAdmin: 404, developer: 404 }),
  },
  {
    // Admins of the call's organisation only; the matrix runs without a model, so A's admin is told why (503).
    route: "POST /api/organization/real-calls/[conversationId]/persona",
    input: (w) => realCall(w),
    expect: signedIn({ member: 404, admin: 503, otherAdmin: 404, developer: 404 }),
  },
];
