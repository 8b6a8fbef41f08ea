import "server-only";

import type { Database } from "@/db";
import { countUsers, insertDemoOrganization } from "@/db/queries/demo";
import { findUserByEmail } from "@/db/queries/users";
import { hashPassword } from "@/lib/auth/password";
import { isUniqueViolation } from "@/lib/db-errors";

import { demoGrade, demoTranscript } from "./conversation";
import { demoRoleplays } from "./personas";

export const DEMO_PASSWORD = "practice-parley";

const demoAccounts = [
  { email: "dev@parley.local", name: "Devon Developer", role: "admin", isDev: true, groups: [] as string[] },
  { email: "admin@parley.local", name: "Alex Admin", role: "admin", isDev: false, groups: ["Cohort A", "Cohort B"] },
  { email: "member.a@parley.local", name: "Maya Member", role: "member", isDev: false, groups: ["Cohort A"] },
  { email: "member.b@parley.local", name: "Ben Member", role: "member", isDev: false, groups: ["Cohort B"] },
] as const;

/** Seeds the demo organisation when the database has no users at all. */
export async function seedIfEmpty(db: Database) {
  if ((await countUsers(db)) === 0) await seedDemo(db);
}

/** Idempotent: an existing demo organisation is left as it is. */
export async function seedDemo(db: Database, log = console.log) {
  if (await findUserByEmail(db, demoAccounts[0].email)) {
    log("Demo data already present.");
    return;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const startedAt = new Date(Date.now() - 2 * 24 * 3600_000);
  const turns = demoTranscript(startedAt);
  const endedAt = turns[turns.length - 1].ended_at;
  try {
    await insertDemoOrganization(db, {
      organization: { name: "Riverside University Sales Lab", description: "Spring pilot for the sales cohort" },
      groups: [
        { name: "Cohort A", description: "Monday seminar group" },
        { name: "Cohort B", description: "Thursday seminar group" },
      ],
      accounts: demoAccounts,
      passwordHash,
      credits: 50,
      roleplays: demoRoleplays,
      authorEmail: "admin@parley.local",
      conversation: { learnerEmail: "member.a@parley.local", startedAt, endedAt, turns, grade: demoGrade(endedAt) },
    });
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
