import "server-only";

import { getDb } from "@/db";
import { consumeHandoffSession, findUserForSession } from "@/db/queries/lti-launch";
import { insertSession } from "@/db/queries/users";
import { issueSession } from "@/lib/auth/service";
import { safeNextPath } from "@/lib/safe-next";

import { ltiError } from "./errors";
import { seal, unseal } from "./sealed";

/*
 * Inside an LMS iframe Parley's session cookie is a third-party cookie: browsers refuse to store it (SameSite
 * Lax) or partition it away, and Parley's pages refuse to be framed anyway. So a framed launch offers
 * "Open Parley in a new tab" carrying a one-time code; the new tab, first-party, exchanges it for a session.
 * The code names a session row that lives two minutes and is revoked by the exchange: single use, enforced by
 * the database, and useless as a session token itself (another key).
 */
const HANDOFF_TTL_SECONDS = 120;

type HandoffClaims = { sid: string; sub: string; to: string };

export async function createHandoff(userId: string, to: string): Promise<string> {
  const row = await insertSession(await getDb(), {
    userId,
    expiresAt: new Date(Date.now() + HANDOFF_TTL_SECONDS * 1000),
  });
  return seal("lti-handoff", { sid: row.id, sub: userId, to }, HANDOFF_TTL_SECONDS);
}

/** The code's session for the new tab, once; an unknown, altered, expired or used code is a 400. */
export async function redeemHandoff(code: string) {
  const claims = await unseal<HandoffClaims>("lti-handoff", code);
  if (!claims || typeof claims.sid !== "string" || typeof claims.sub !== "string") throw ltiError("handoff_expired");
  const db = await getDb();
  if (!(await consumeHandoffSession(db, { sessionId: claims.sid, userId: claims.sub })))
    throw ltiError("handoff_expired");
  const user = await findUserForSession(db, claims.sub);
  if (!user) throw ltiError("handoff_expired");
  const session = await issueSession(user.id, user.name, user.email);
  return { ...session, to: safeNextPath(claims.to) ?? "/dashboard" };
}

/** The launch page's address: where to go, and what to read first. The hand-off code rides in the fragment. */
export function continueUrl(input: { to: string; notices: string[]; handoff?: string }): string {
  const query = new URLSearchParams({ to: input.to });
  if (input.notices.length) query.set("notice", input.notices.join(","));
  return `/lti/continue?${query}${input.handoff ? `#h=${input.handoff}` : ""}`;
}
