import "server-only";

import { count, eq } from "drizzle-orm";

import type { Executor } from "@/db";
import {
  conversations,
  conversationTurns,
  creditAccounts,
  grades,
  groupMembers,
  groups,
  memberships,
  organizations,
  roleplayGroups,
  roleplays,
  users,
} from "@/db/schema";
import type { Persona } from "@/lib/validations/persona";

type DemoOrganization = {
  organization: { name: string; description: string };
  groups: { name: string; description: string }[];
  accounts: readonly {
    email: string;
    name: string;
    role: "admin" | "member";
    isDev: boolean;
    groups: readonly string[];
  }[];
  passwordHash: string;
  credits: number;
  /** Roleplays written by `authorEmail`; the demo conversation practises the first one. */
  roleplays: readonly { name: string; description: string; is_public: boolean; persona: Persona; groups: string[] }[];
  authorEmail: string;
  conversation: {
    learnerEmail: string;
    startedAt: Date;
    endedAt: Date;
    turns: Omit<typeof conversationTurns.$inferInsert, "conversation_id" | "seq">[];
    grade: Omit<typeof grades.$inferInsert, "conversation_id">;
  };
};

export async function countUsers(db: Executor): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return n;
}

/** The whole demo organisation in one transaction: a second instance seeding at once fails on the email index. */
export async function insertDemoOrganization(db: Executor, demo: DemoOrganization): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values(demo.organization).returning();
    const groupRows = await tx
      .insert(groups)
      .values(demo.groups.map((g) => ({ ...g, organization_id: org.id })))
      .returning();
    const groupId = (name: string) => groupRows.find((g) => g.name === name)!.id;

    const userIds: Record<string, string> = {};
    for (const account of demo.accounts) {
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, name: account.name, password_hash: demo.passwordHash, is_dev: account.isDev })
        .returning();
      userIds[account.email] = user.id;
      await tx.insert(creditAccounts).values({ user_id: user.id, credits_total: demo.credits });
      await tx.insert(memberships).values({ user_id: user.id, organization_id: org.id, role: account.role });
      for (const g of account.groups) await tx.insert(groupMembers).values({ group_id: groupId(g), user_id: user.id });
    }

    const roleplayIds: string[] = [];
    for (const s of demo.roleplays) {
      const [row] = await tx
        .insert(roleplays)
        .values({
          organization_id: org.id,
          name: s.name,
          description: s.description,
          is_public: s.is_public,
          persona: s.persona,
          author_id: userIds[demo.authorEmail],
        })
        .returning();
      roleplayIds.push(row.id);
      for (const g of s.groups) await tx.insert(roleplayGroups).values({ schema_id: row.id, group_id: groupId(g) });
    }

    const { conversation: c } = demo;
    const learner = userIds[c.learnerEmail];
    const [conversation] = await tx
      .insert(conversations)
      .values({
        user_id: learner,
        organization_id: org.id,
        schema_id: roleplayIds[0],
        schema_name: demo.roleplays[0].name,
        persona: demo.roleplays[0].persona,
        mode: "local",
        status: "ended",
        started_at: c.startedAt,
        ended_at: c.endedAt,
      })
      .returning();
    await tx
      .insert(conversationTurns)
      .values(c.turns.map((t, seq) => ({ ...t, seq, conversation_id: conversation.id })));
    await tx.insert(grades).values({ ...c.grade, conversation_id: conversation.id });
    await tx.update(creditAccounts).set({ credits_used: 1 }).where(eq(creditAccounts.user_id, learner));
  });
}
