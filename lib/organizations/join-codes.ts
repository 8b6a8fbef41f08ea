import "server-only";

import { createHmac, hkdfSync } from "node:crypto";

import { ZodError } from "zod";

import { getDb } from "@/db";
import {
  consumeJoinCode,
  insertJoinCode,
  insertJoinedMember,
  lockUserMemberships,
  revokeJoinCodeRow,
  selectJoinCodes,
} from "@/db/queries/join-codes";
import { foreignGroupIds } from "@/db/queries/roleplays";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { authSecret } from "@/lib/env";
import { AppError, conflict, notFound } from "@/lib/errors";
import { take } from "@/lib/rate-limit";
import type { CreateJoinCodeInput } from "@/lib/validations/join-code";

import { generateJoinCode, joinCodeHint, normaliseJoinCode } from "./join-code-format";

export type JoinCodeStatus = "active" | "expired" | "used_up" | "revoked";
export type JoinCodeSummary = {
  id: string;
  hint: string;
  group: { id: string; name: string } | null;
  uses: number;
  max_uses: number | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  status: JoinCodeStatus;
};

/** One answer for a wrong, revoked, expired or used-up code: which one it was is not the typist's to learn. */
export const JOIN_CODE_REFUSED =
  "That code did not work. Check it with your instructor: it may be mistyped, expired or used up.";
export const ALREADY_IN_ORGANIZATION =
  "You already belong to an organization. To move to another one, ask its admin to add you.";

// HMAC under a key derived from AUTH_SECRET: a copy of the table alone cannot be searched for codes.
let hmacKey: { secret: string; key: Buffer } | undefined;
function hashJoinCode(typed: string): string {
  const secret = authSecret();
  if (hmacKey?.secret !== secret)
    hmacKey = { secret, key: Buffer.from(hkdfSync("sha256", secret, "parley", "join codes", 32)) };
  return createHmac("sha256", hmacKey.key).update(normaliseJoinCode(typed)).digest("base64url");
}

function statusOf(row: { revoked_at: Date | null; expires_at: Date | null; uses: number; max_uses: number | null }) {
  const now = Date.now();
  if (row.revoked_at) return "revoked";
  if (row.expires_at && row.expires_at.getTime() <= now) return "expired";
  if (row.max_uses !== null && row.uses >= row.max_uses) return "used_up";
  return "active";
}

function present(row: Awaited<ReturnType<typeof selectJoinCodes>>[number]): JoinCodeSummary {
  return {
    id: row.id,
    hint: row.hint,
    group: row.group_id && row.group_name ? { id: row.group_id, name: row.group_name } : null,
    uses: row.uses,
    max_uses: row.max_uses,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    status: statusOf(row),
  };
}

/** The caller's organisation's codes, newest first (admins; members 403). */
export async function listJoinCodes(caller: SessionUser): Promise<{ join_codes: JoinCodeSummary[] }> {
  const { organizationId } = await requireRole(caller, "admin");
  return { join_codes: await joinCodesOf(organizationId) };
}

async function joinCodesOf(organizationId: string) {
  return (await selectJoinCodes(await getDb(), { organizationId })).map(present);
}

/** Makes a code; the answer is the only time the code itself exists outside the learner's hands. */
export async function createJoinCode(caller: SessionUser, input: CreateJoinCodeInput) {
  const { organizationId, organizationName } = await requireRole(caller, "admin");
  const db = await getDb();
  const groupId = input.group_id?.toLowerCase() ?? null;
  if (groupId && (await foreignGroupIds(db, { organizationId, groupIds: [groupId] })).length > 0)
    throw new ZodError([
      { code: "custom", path: ["group_id"], message: "Choose a group of this organization", input: groupId },
    ]);
  const code = generateJoinCode(organizationName);
  const { id } = await insertJoinCode(db, {
    organizationId,
    groupId,
    codeHash: hashJoinCode(code),
    hint: joinCodeHint(code),
    createdBy: caller.id,
    expiresAt: input.expires_at ?? null,
    maxUses: input.max_uses ?? null,
  });
  const [row] = await selectJoinCodes(db, { organizationId, id });
  return { ...present(row), code };
}

export async function revokeJoinCode(caller: SessionUser, id: string): Promise<JoinCodeSummary> {
  const { organizationId } = await requireRole(caller, "admin");
  const db = await getDb();
  if (!(await revokeJoinCodeRow(db, { id, organizationId }))) throw notFound("Join code not found", "join_code");
  const [row] = await selectJoinCodes(db, { organizationId, id });
  return present(row);
}

async function limitJoinAttempts(userId: string, address: string) {
  const waits = await Promise.all([take("joinCodeUser", userId), take("joinCodeAddress", address)]);
  const wait = Math.max(...waits.map((w) => w ?? 0));
  if (!wait) return;
  const after = wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
  throw new AppError("rate_limited:join_code", `Too many tries with join codes. Please try again in ${after}.`, {
    "Retry-After": String(wait),
  });
}

/**
 * A signed-in account without an organisation joins the code's organisation as a member (and its
 * group). One organisation per learner: someone who already belongs to one gets a 409, before any
 * code is looked at. Membership and the counted use are written together or not at all.
 */
export async function joinWithCode(user: SessionUser, typed: string, address: string) {
  await limitJoinAttempts(user.id, address);
  const codeHash = hashJoinCode(typed);
  const db = await getDb();
  const joined = await db.transaction(async (tx) => {
    if (await lockUserMemberships(tx, user.id)) throw conflict(ALREADY_IN_ORGANIZATION);
    const code = await consumeJoinCode(tx, codeHash);
    if (!code) throw new AppError("not_found:join_code", JOIN_CODE_REFUSED);
    const names = await insertJoinedMember(tx, { userId: user.id, ...code });
    return { ...code, ...names };
  });
  return {
    organization_id: joined.organizationId,
    organization_name: joined.name,
    role: "member" as const,
    group_name: joined.groupName ?? null,
    message: `Welcome to ${joined.name}!`,
  };
}
