import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";
import { EncryptJWT } from "jose";

import { getDb } from "@/db";
import {
  assignments,
  conversations,
  conversationTurns,
  grades,
  joinCodes,
  roleplayGroups,
  roleplays,
} from "@/db/schema";
import { issueSession, signOut } from "@/lib/auth/service";
import { encodeSessionToken } from "@/lib/auth/tokens";

import { addMember, createOrg, createUser } from "../../helpers/factories";

export const CALLERS = [
  "anonymous",
  "forged",
  "expired",
  "signedOut",
  "member",
  "admin",
  "otherAdmin",
  "developer",
] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedIn = Extract<Caller, "member" | "admin" | "otherAdmin" | "developer">;

const persona = {
  name: "Pat Buyer",
  role: "Buyer",
  situation: "Evaluating vendors",
  background: "Ten years in procurement",
  pain_points: ["Slow approvals"],
  goals: ["Cut costs"],
};

export async function makeRoleplay(orgId: string, opts: { isPublic?: boolean; groupIds?: string[] } = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(roleplays)
    .values({
      organization_id: orgId,
      name: "Matrix persona",
      description: "d",
      is_public: opts.isPublic ?? true,
      persona,
    })
    .returning();
  for (const groupId of opts.groupIds ?? [])
    await db.insert(roleplayGroups).values({ schema_id: row.id, group_id: groupId });
  return row;
}

export async function makeConversation(
  userId: string,
  orgId: string,
  roleplayId: string,
  opts: { ended?: boolean; graded?: boolean } = {},
) {
  const db = await getDb();
  const started = new Date(Date.now() - 10 * 60_000);
  const [c] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_id: roleplayId,
      schema_name: "Matrix persona",
      persona,
      mode: "local",
      status: opts.ended ? "ended" : "active",
      started_at: started,
      ended_at: opts.ended ? new Date() : null,
    })
    .returning();
  if (opts.ended) {
    await db.insert(conversationTurns).values([
      { conversation_id: c.id, seq: 0, speaker: "learner", text: "What slows your approvals down today?" },
      { conversation_id: c.id, seq: 1, speaker: "persona", text: "Three sign-offs." },
    ]);
  }
  if (opts.graded) {
    await db.insert(grades).values({
      conversation_id: c.id,
      status: "graded",
      score: 70,
      wpm: null,
      stages_covered: ["problem"],
      topics_covered: [],
      feedback: {
        overall_feedback: "ok",
        spin_score: 60,
        spin_feedback: "ok",
        stage_scores: { situation: 0, problem: 60, implication: 0, "need-payoff": 0 },
        communication_score: 70,
        communication_feedback: "ok",
        strengths: [],
        areas_for_improvement: [],
        recommendations: [],
      },
      metrics: null,
      grader: "rubric",
      graded_at: new Date(),
    });
  }
  return c;
}

/** Two organisations, their people, and objects of organisation A that every route can be aimed at. */
export async function buildWorld() {
  const orgA = await createOrg({ name: "Org A", groups: ["A1", "A2"] });
  const orgB = await createOrg({ name: "Org B", groups: ["B1"] });
  const member = await createUser({ name: "Mia Member" });
  const admin = await createUser({ name: "Ada Admin" });
  const otherAdmin = await createUser({ name: "Otto Other" });
  const developer = await createUser({ name: "Dev Eloper", isDev: true });
  await addMember({ userId: member.id, orgId: orgA.id, role: "member", groupIds: [orgA.groups[0].id] });
  await addMember({
    userId: admin.id,
    orgId: orgA.id,
    role: "admin",
    groupIds: [orgA.groups[0].id, orgA.groups[1].id],
  });
  await addMember({ userId: otherAdmin.id, orgId: orgB.id, role: "admin", groupIds: [orgB.groups[0].id] });

  const publicRoleplay = await makeRoleplay(orgA.id);
  const privateRoleplay = await makeRoleplay(orgA.id, { isPublic: false, groupIds: [orgA.groups[1].id] });
  const graded = await makeConversation(member.id, orgA.id, publicRoleplay.id, { ended: true, graded: true });

  const expired = await encodeSessionToken(
    { sub: member.id, sid: member.sessionId, name: member.name, email: member.email },
    -60,
  );
  // A well-formed token encrypted with a key that is not ours.
  const forged = await new EncryptJWT({ sub: developer.id, sid: developer.sessionId, name: "x", email: "x" })
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
    .setExpirationTime("1h")
    .encrypt(randomBytes(64));
  const revoked = await issueSession(member.id, member.name, member.email);
  await signOut(revoked.sessionId);

  const users = { member, admin, otherAdmin, developer };
  return {
    orgA,
    orgB,
    users,
    publicRoleplay,
    privateRoleplay,
    graded,
    tokens: { anonymous: undefined, forged, expired, signedOut: revoked.token } as Record<string, string | undefined>,
    /** A token for one call (sign-out revokes the token it is called with). */
    async tokenFor(who: Caller, fresh = false): Promise<string | undefined> {
      if (!(who in users)) return this.tokens[who];
      const u = users[who as SignedIn];
      return fresh ? (await issueSession(u.id, u.name, u.email)).token : u.token;
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** An assignment of organisation A's public roleplay to everyone, due in a week. */
export async function makeAssignment(w: World) {
  const db = await getDb();
  const [row] = await db
    .insert(assignments)
    .values({
      organization_id: w.orgA.id,
      schema_id: w.publicRoleplay.id,
      due_at: new Date(Date.now() + 7 * 86_400_000),
      pass_mark: 70,
      created_by: w.users.admin.id,
    })
    .returning();
  return row.id;
}

/** A join code of organisation A (only its hash matters: nobody joins with it here). */
export async function makeJoinCode(w: World) {
  const db = await getDb();
  const [row] = await db
    .insert(joinCodes)
    .values({ organization_id: w.orgA.id, code_hash: randomBytes(16).toString("hex"), hint: "TEST" })
    .returning();
  return row.id;
}

export async function roleplayExists(id: string) {
  const db = await getDb();
  const [row] = await db.select({ id: roleplays.id }).from(roleplays).where(eq(roleplays.id, id));
  return !!row;
}
