import "server-only";

import { getDb } from "@/db";
import { insertSeededOrganization, type NewAccount } from "@/db/queries/organizations";
import { hashPassword } from "@/lib/auth/password";
import { isUniqueViolation } from "@/lib/db-errors";
import { env } from "@/lib/env";
import { conflict } from "@/lib/errors";
import type { SeedRequest } from "@/lib/validations/seed";

import { generatePassword, pilotEmail, pilotName } from "./credentials";
import { csvFilename, toCsv } from "./csv";

const HASH_BATCH = 8;

type PlannedAccount = Omit<NewAccount, "passwordHash"> & { password: string; group: string };

function planAccounts(request: SeedRequest, domain: string): PlannedAccount[] {
  const accounts: PlannedAccount[] = [];
  request.groups.forEach((group, groupIndex) => {
    const add = (role: "admin" | "member", count: number) => {
      for (let n = 1; n <= count; n++) {
        accounts.push({
          groupIndex,
          role,
          group: group.name,
          password: generatePassword(),
          name: pilotName(group.name, role, n),
          email: pilotEmail({ org: request.org_name, group: group.name, role, n, domain }),
        });
      }
    };
    add("admin", group.num_admins);
    add("member", group.num_users);
  });
  return accounts;
}

async function hashAll(passwords: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += HASH_BATCH) {
    hashes.push(...(await Promise.all(passwords.slice(i, i + HASH_BATCH).map(hashPassword))));
  }
  return hashes;
}

/**
 * Creates a pilot organisation with its groups and anonymous accounts in one transaction.
 * The plain passwords leave only in the CSV of this answer; the database keeps argon2id hashes.
 */
export async function seedOrganization(request: SeedRequest) {
  const { PILOT_EMAIL_DOMAIN, DEFAULT_CREDITS } = env();
  const planned = planAccounts(request, PILOT_EMAIL_DOMAIN);
  // Hashing is the slow part (argon2id): do it before the transaction holds any locks.
  const hashes = await hashAll(planned.map((a) => a.password));
  const db = await getDb();
  let organization;
  try {
    organization = await db.transaction((tx) =>
      insertSeededOrganization(tx, {
        name: request.org_name,
        description: request.description,
        groups: request.groups,
        accounts: planned.map((a, i) => ({ ...a, passwordHash: hashes[i] })),
        credits: DEFAULT_CREDITS,
      }),
    );
  } catch (err) {
    // Drizzle wraps the driver's error: look through `cause` (issue 10.7).
    if (isUniqueViolation(err)) throw conflict("A generated login already exists. Please try again.");
    throw err;
  }
  const rows = planned.map((a) => [a.group, a.role, a.email, a.password]);
  return {
    organization,
    csv_data: toCsv(["group", "role", "email", "password"], rows),
    csv_filename: csvFilename(request.org_name),
  };
}
