import "server-only";

import type { Executor } from "@/db";
import {
  findLatestScoreSend,
  insertScoreSend,
  lockLearnerLink,
  selectLinksForConversation,
  selectScoredAttempts,
} from "@/db/queries/lti-services";

import { kickLtiOutboxLater } from "./outbox";

type Attempt = Awaited<ReturnType<typeof selectScoredAttempts>>[number];

/**
 * The learner's result on a course link: over the attempts that count (those since the assignment was set,
 * the first `max_attempts` of them), their best or their latest, as the assignment says (best without one).
 */
function resultOf(attempts: Attempt[], rules: { counts: "best" | "latest" | null; maxAttempts: number | null }) {
  const counted = rules.maxAttempts ? attempts.slice(0, rules.maxAttempts) : attempts;
  if (counted.length === 0) return null;
  if (rules.counts === "latest") return counted[counted.length - 1];
  return counted.reduce((best, a) => (a.score > best.score ? a : best));
}

/**
 * Called whenever a call's final score may have changed (graded, regraded, reviewed, a criterion
 * overridden), inside the transaction that changed it: for every LMS course link the call counts for,
 * queues the learner's current result there as a new version in the outbox (lib/lti/outbox.ts sends
 * it after the commit: call kickLtiOutbox() then). Nothing is queued when the result is unchanged
 * (the same score and comment as the newest version).
 */
export async function queueScoreForLms(db: Executor, conversationId: string): Promise<number> {
  const links = await selectLinksForConversation(db, conversationId);
  let queued = 0;
  for (const link of links) {
    if (!link.organization_id || !link.schema_id) continue;
    await lockLearnerLink(db, { linkId: link.link_id, sub: link.lti_sub });
    const attempts = await selectScoredAttempts(db, {
      userId: link.user_id,
      organizationId: link.organization_id,
      roleplayId: link.schema_id,
      since: link.assigned_at,
    });
    const result = resultOf(attempts, { counts: link.counts, maxAttempts: link.max_attempts });
    if (!result) continue;
    const comment = result.comment?.trim() || null;
    const latest = await findLatestScoreSend(db, { linkId: link.link_id, sub: link.lti_sub });
    const unchanged =
      latest && latest.status !== "failed" && latest.score_given === result.score && latest.comment === comment;
    if (unchanged) continue;
    await insertScoreSend(db, {
      conversationId: result.conversation_id,
      linkId: link.link_id,
      sub: link.lti_sub,
      version: (latest?.score_version ?? 0) + 1,
      scoreGiven: result.score,
      comment,
      after: latest?.score_timestamp ?? null,
    });
    queued++;
  }
  // The caller's transaction has not committed yet: callers kick the outbox after it (kickLtiOutbox), and
  // these late kicks catch a caller that does not (the sweep would, later).
  if (queued > 0) for (const ms of [300, 3000]) kickLtiOutboxLater(ms);
  return queued;
}
