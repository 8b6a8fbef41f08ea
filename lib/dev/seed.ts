import "server-only";

import { getDb } from "@/db";
import { insertSeededOrganization, type NewAccount } from "@/db/queries/organizations";
import { listLoginsWithTagBase } from "@/db/queries/pilot-logins";
import { hashPassword } from "@/lib/auth/password";
import { isUniqueViolation } from "@/lib/db-errors";
import { env } from "@/lib/env";
import { conflict } from "@/lib/errors";
import { starterRoleplays } from "@/lib/roleplays/library-service";
import type { SeedRequest } from "@/lib/validations/seed";

import { chooseOrgTag, generatePassword, loginTag, orgTag, pilotEmail, pilotName, type PilotRole } from "./credentials";
import { csvFilename, toCsv } from "./csv";

const HASH_BATCH = 8;

// A second seed that took the same tag between our look-up and our insert makes us look again.
const TAG_ATTEMPTS = 3;

type PlannedAccount = Omit<NewAccount, "passwordHash" | "email"> & {
  password: string;
  group: string;
  n: number;
  count: number;
};

/** Every account with its password and name; instructors and students are numbered across the organisation. */
function planAccounts(request: SeedRequest): PlannedAccount[] {
  const roles: PilotRole[] = ["admin", "member"];
  const total = (role: PilotRole) =>
    request.groups.reduce((sum, g) => sum + (role === "admin" ? g.num_admins : g.num_users), 0);
  const count = { admin: total("admin"), member: total("member") };
  const next = { admin: 0, member: 0 };
  const accounts: PlannedAccount[] = [];
  request.groups.forEach((group, groupIndex) => {
    for (const role of roles) {
      for (let i = 0; i < (role === "admin" ? group.num_admins : group.num_users); i++) {
        const n = ++next[role];
        accounts.push({
          groupIndex,
          role,
          n,
          count: count[role],
          group: group.name,
          password: generatePassword(),
          name: pilotName(role, n, count[role]),
        });
      }
    }
  });
  return accounts;
}

/** The organisation's login tag: its abbreviation, numbered past the ones other organisations' logins use. */
async function freeOrgTag(orgName: string, domain: string): Promise<string> {
  const base = orgTag(orgName);
  const logins = await listLoginsWithTagBase(await getDb(), { base, domain });
  return chooseOrgTag(base, new Set(logins.map((email) => loginTag(email, domain)).filter((t) => t !== null)));
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
  const planned = planAccounts(request);
  // Hashing is the slow part (argon2id): do it before the transaction holds any locks.
  const hashes = await hashAll(planned.map((a) => a.password));
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    const tag = await freeOrgTag(request.org_name, PILOT_EMAIL_DOMAIN);
    const accounts = planned.map((a, i) => ({
      ...a,
      email: pilotEmail({ tag, role: a.role, n: a.n, count: a.count, domain: PILOT_EMAIL_DOMAIN }),
      passwordHash: hashes[i],
    }));
    try {
      const organization = await db.transaction((tx) =>
        insertSeededOrganization(tx, {
          name: request.org_name,
          description: request.description,
          groups: request.groups,
          accounts,
          credits: DEFAULT_CREDITS,
          roleplays: starterRoleplays(request.library_keys),
        }),
      );
      const rows = accounts.map((a) => [a.group, a.role, a.email, a.password, a.name]);
      return {
        organization,
        csv_data: toCsv(["group", "role", "email", "password", "name"], rows),
        csv_filename: csvFilename(request.org_name),
      };
    } catch (err) {
      // Drizzle wraps the driver's error: look through `cause` (issue 10.7).
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= TAG_ATTEMPTS) throw conflict("A generated login already exists. Please try again.");
    }
  }
}
