import { count, eq } from "drizzle-orm";
import type { Database } from "./index";
import {
  conversations, conversationTurns, creditAccounts, grades, groupMembers, groups, memberships, organizations,
  roleplaySchemas, schemaGroups, users,
} from "./schema";
import { hashPassword } from "@/lib/auth/password";
import { isUniqueViolation } from "@/lib/db-errors";
import { demoSchemas } from "./demo-personas";
import { demoGrade, demoTranscript } from "./demo-conversation";

export const DEMO_PASSWORD = "practice-parley";

export const demoAccounts = [
  { email: "dev@parley.local", name: "Devon Developer", role: "admin", isDev: true, groups: [] as string[] },
  { email: "admin@parley.local", name: "Alex Admin", role: "admin", isDev: false, groups: ["Cohort A", "Cohort B"] },
  { email: "member.a@parley.local", name: "Maya Member", role: "member", isDev: false, groups: ["Cohort A"] },
  { email: "member.b@parley.local", name: "Ben Member", role: "member", isDev: false, groups: ["Cohort B"] },
] as const;

/** Seeds the demo organisation when the database has no users at all. */
export async function seedIfEmpty(db: Database) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n === 0) await seedDemo(db);
}

/** Idempotent: an existing demo organisation is left as it is. */
export async function seedDemo(db: Database, log = console.log) {
  const [existing] = await db.select().from(users).where(eq(users.email, demoAccounts[0].email)).limit(1);
  if (existing) {
    log("Demo data already present.");
    return;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    await insertDemo(db, passwordHash);
  } catch (err) {
    // Two instances starting on one empty database: the unique email index decides who seeds.
    if (isUniqueViolation(err)) {
      log("Demo data already present.");
      return;
    }
    throw err;
  }
  log(`Demo data created. Sign in with any of these (password: ${DEMO_PASSWORD}):`);
  for (const a of demoAccounts) log(`  ${a.email.padEnd(24)} ${a.isDev ? "developer + admin" : a.role}`);
}

async function insertDemo(db: Database, passwordHash: string) {
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: "Riverside University Sales Lab", description: "Spring pilot for the sales cohort" })
      .returning();
    const groupRows = await tx
      .insert(groups)
      .values([
        { organization_id: org.id, name: "Cohort A", description: "Monday seminar group" },
        { organization_id: org.id, name: "Cohort B", description: "Thursday seminar group" },
      ])
      .returning();
    const groupId = (name: string) => groupRows.find((g) => g.name === name)!.id;

    const userIds: Record<string, string> = {};
    for (const account of demoAccounts) {
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, name: account.name, password_hash: passwordHash, is_dev: account.isDev })
        .returning();
      userIds[account.email] = user.id;
      await tx.insert(creditAccounts).values({ user_id: user.id, credits_total: 50 });
      await tx.insert(memberships).values({ user_id: user.id, organization_id: org.id, role: account.role });
      for (const g of account.groups) await tx.insert(groupMembers).values({ group_id: groupId(g), user_id: user.id });
    }

    const schemaIds: string[] = [];
    for (const s of demoSchemas) {
      const [row] = await tx
        .insert(roleplaySchemas)
        .values({
          organization_id: org.id, name: s.name, description: s.description, is_public: s.is_public,
          persona: s.persona, author_id: userIds["admin@parley.local"],
        })
        .returning();
      schemaIds.push(row.id);
      for (const g of s.groups) await tx.insert(schemaGroups).values({ schema_id: row.id, group_id: groupId(g) });
    }

    const learner = userIds["member.a@parley.local"];
    const startedAt = new Date(Date.now() - 2 * 24 * 3600_000);
    const transcript = demoTranscript(startedAt);
    const endedAt = transcript[transcript.length - 1].ended_at;
    const [conversation] = await tx
      .insert(conversations)
      .values({
        user_id: learner, organization_id: org.id, schema_id: schemaIds[0], schema_name: demoSchemas[0].name,
        persona: demoSchemas[0].persona, mode: "local", status: "ended", started_at: startedAt, ended_at: endedAt,
      })
      .returning();
    await tx.insert(conversationTurns).values(transcript.map((t, seq) => ({ ...t, seq, conversation_id: conversation.id })));
    await tx.insert(grades).values({ conversation_id: conversation.id, ...demoGrade(endedAt) });
    await tx.update(creditAccounts).set({ credits_used: 1 }).where(eq(creditAccounts.user_id, learner));
  });
}
