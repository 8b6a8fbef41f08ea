import "server-only";

import type { Database } from "@/db";
import { findUserByEmail, insertUserWithCredits, markDeveloper } from "@/db/queries/users";
import { isUniqueViolation } from "@/lib/db-errors";
import { type Env, env } from "@/lib/env";
import { email as emailAddress } from "@/lib/validations/common";

import { hashPassword } from "./password";
import { passwordProblem } from "./password-policy";

type Log = (line: string) => void;

/**
 * Developer rights come only from the operator. BOOTSTRAP_DEV_EMAIL and BOOTSTRAP_DEV_PASSWORD create
 * that developer account at server start when no account has that email; an existing account is
 * left exactly as it is (neither its password changed nor promoted: use `npm run user:promote-dev`).
 */
export async function bootstrapDeveloper(
  db: Database,
  config: Pick<Env, "BOOTSTRAP_DEV_EMAIL" | "BOOTSTRAP_DEV_PASSWORD" | "DEFAULT_CREDITS"> = env(),
  log: Log = (line) => console.warn(line),
): Promise<"created" | "exists" | "skipped" | "invalid"> {
  const { BOOTSTRAP_DEV_EMAIL: rawEmail, BOOTSTRAP_DEV_PASSWORD: password } = config;
  if (!rawEmail && !password) return "skipped";
  if (!rawEmail || !password) {
    log(
      "[bootstrap] Set both BOOTSTRAP_DEV_EMAIL and BOOTSTRAP_DEV_PASSWORD to create a developer account; nothing done.",
    );
    return "invalid";
  }
  const email = emailAddress.safeParse(rawEmail);
  if (!email.success) {
    log("[bootstrap] BOOTSTRAP_DEV_EMAIL is not a valid email address; nothing done.");
    return "invalid";
  }
  const problem = passwordProblem(password, { email: email.data });
  if (problem) {
    log(`[bootstrap] BOOTSTRAP_DEV_PASSWORD refused: ${problem}. Nothing done.`);
    return "invalid";
  }
  if (await findUserByEmail(db, email.data)) return "exists";
  try {
    await insertUserWithCredits(db, {
      email: email.data,
      name: "Developer",
      passwordHash: await hashPassword(password),
      isDev: true,
      credits: config.DEFAULT_CREDITS,
    });
  } catch (err) {
    if (isUniqueViolation(err)) return "exists"; // another instance created it first
    throw err;
  }
  log(`[bootstrap] Created developer account ${email.data} from BOOTSTRAP_DEV_EMAIL.`);
  return "created";
}

/** `npm run user:promote-dev -- EMAIL`: grants developer rights to an existing account. */
export async function promoteDeveloper(db: Database, rawEmail: string): Promise<"promoted" | "already" | "missing"> {
  const user = await findUserByEmail(db, rawEmail.trim());
  if (!user) return "missing";
  if (user.is_dev) return "already";
  await markDeveloper(db, user.id);
  return "promoted";
}
