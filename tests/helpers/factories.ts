import { randomUUID } from "node:crypto";

import { getDb } from "@/db";
import { appendTurn } from "@/db/queries/conversations";
import { insertUserWithCredits } from "@/db/queries/users";
import { conversations, groupMembers, groups, memberships, organizations } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { issueSession } from "@/lib/auth/service";

import { discoveryCall, samplePersona } from "../fixtures/grading/sample-calls";

let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = "correct-horse-battery";

/** A user with a credit account and a live session token, made through the service layer. */
export async function createUser(opts: { name?: string; email?: string; isDev?: boolean; credits?: number } = {}) {
  const db = await getDb();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@test.parley`;
  const user = await insertUserWithCredits(db, {
    email,
    name: opts.name ?? "Test User",
    passwordHash: await passwordHash,
    isDev: opts.isDev ?? false,
    credits: opts.credits ?? 50,
  });
  const { token, sessionId } = await issueSession(user.id, user.name, user.email);
  return { ...user, token, sessionId };
}

export async function createOrg(opts: { name?: string; groups?: string[] } = {}) {
  const db = await getDb();
  const [org] = await db
    .insert(organizations)
    .values({ name: opts.name ?? `Org ${randomUUID().slice(0, 6)}`, description: "Test organisation" })
    .returning();
  const groupRows = opts.groups?.length
    ? await db
        .insert(groups)
        .values(opts.groups.map((name) => ({ organization_id: org.id, name, description: `${name} group` })))
        .returning()
    : [];
  return { ...org, groups: groupRows };
}

export async function addMember(opts: {
  userId: string;
  orgId: string;
  role?: "admin" | "member";
  groupIds?: string[];
}) {
  const db = await getDb();
  await db
    .insert(memberships)
    .values({ user_id: opts.userId, organization_id: opts.orgId, role: opts.role ?? "member" });
  for (const groupId of opts.groupIds ?? [])
    await db.insert(groupMembers).values({ group_id: groupId, user_id: opts.userId });
}

/** An active typed conversation of the user's with the sample discovery call's lines in it. */
export async function typedDiscoveryCall(userId: string): Promise<string> {
  const db = await getDb();
  const [c] = await db
    .insert(conversations)
    .values({ user_id: userId, schema_name: "Discovery call", persona: samplePersona, mode: "local" })
    .returning();
  for (const [speaker, text] of discoveryCall)
    await appendTurn(db, { conversationId: c.id, speaker, text, source: "text" });
  return c.id;
}
