import "server-only";

import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import {
  assignments,
  conversations,
  gradeReviews,
  grades,
  groupMembers,
  ltiContexts,
  ltiPlatforms,
  ltiResourceLinks,
  ltiScoreSends,
  ltiUserLinks,
  roleplays,
  users,
} from "@/db/schema";

/* AGS: which links a call counts for, and the outbox of scores (the tool keys are in ./lti-keys.ts). */

/**
 * The LTI resource links a call counts for: links of a course the learner belongs to (its group), on a
 * platform of the call's organisation where the learner has an LTI identity, that open the call's roleplay
 * (directly, or through their assignment). With the learner's `sub` there and the assignment's rules.
 */
export async function selectLinksForConversation(db: Executor, conversationId: string) {
  return db
    .select({
      link_id: ltiResourceLinks.id,
      lti_sub: ltiUserLinks.sub,
      user_id: conversations.user_id,
      organization_id: conversations.organization_id,
      schema_id: conversations.schema_id,
      assignment_id: assignments.id,
      assigned_at: assignments.created_at,
      counts: assignments.counts,
      max_attempts: assignments.max_attempts,
    })
    .from(conversations)
    .innerJoin(ltiUserLinks, eq(ltiUserLinks.user_id, conversations.user_id))
    .innerJoin(
      ltiPlatforms,
      and(
        eq(ltiPlatforms.id, ltiUserLinks.platform_id),
        eq(ltiPlatforms.organization_id, conversations.organization_id),
      ),
    )
    .innerJoin(ltiContexts, eq(ltiContexts.platform_id, ltiPlatforms.id))
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.group_id, ltiContexts.group_id), eq(groupMembers.user_id, conversations.user_id)),
    )
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.context_id, ltiContexts.id))
    .leftJoin(
      assignments,
      and(
        eq(assignments.id, ltiResourceLinks.assignment_id),
        eq(assignments.organization_id, conversations.organization_id),
      ),
    )
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(sql`coalesce(${assignments.schema_id}, ${ltiResourceLinks.roleplay_id})`, conversations.schema_id),
      ),
    );
}

/**
 * A learner's scored practice calls at a roleplay in an organisation, oldest first, with their final score
 * (the review's when it set one). A call with too little to grade has no score until a review gives one.
 */
export async function selectScoredAttempts(
  db: Executor,
  input: { userId: string; organizationId: string; roleplayId: string; since: Date | null },
) {
  const score = sql<number>`coalesce(${gradeReviews.score}, ${grades.score})`;
  return db
    .select({
      conversation_id: conversations.id,
      started_at: conversations.started_at,
      score,
      comment: gradeReviews.comment,
    })
    .from(conversations)
    .innerJoin(grades, and(eq(grades.conversation_id, conversations.id), eq(grades.status, "graded")))
    .leftJoin(gradeReviews, eq(gradeReviews.conversation_id, conversations.id))
    .where(
      and(
        eq(conversations.user_id, input.userId),
        eq(conversations.organization_id, input.organizationId),
        eq(conversations.schema_id, input.roleplayId),
        eq(conversations.status, "ended"),
        eq(conversations.source, "practice"),
        input.since ? gte(conversations.started_at, input.since) : undefined,
        sql`${score} is not null`,
      ),
    )
    .orderBy(asc(conversations.started_at), asc(conversations.id));
}

/** Serialises queueing for one learner on one link, so versions and timestamps rise in commit order. */
export async function lockLearnerLink(db: Executor, input: { linkId: string; sub: string }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`lti:${input.linkId}:${input.sub}`}))`);
}

/** The newest queued score of a learner on a link, whatever its state. */
export async function findLatestScoreSend(db: Executor, input: { linkId: string; sub: string }) {
  const [row] = await db
    .select()
    .from(ltiScoreSends)
    .where(and(eq(ltiScoreSends.resource_link_id, input.linkId), eq(ltiScoreSends.lti_sub, input.sub)))
    .orderBy(desc(ltiScoreSends.score_version))
    .limit(1);
  return row ?? null;
}

/**
 * Queues a score: the next version for this learner on this link, stamped now to the millisecond (the
 * precision the platform sees) and always after the previous one, so the platform orders them as we do.
 */
export async function insertScoreSend(
  db: Executor,
  input: {
    conversationId: string;
    linkId: string;
    sub: string;
    version: number;
    scoreGiven: number;
    comment: string | null;
    after: Date | null;
  },
) {
  const stamp = input.after
    ? sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${input.after.toISOString()}::timestamptz + interval '1 millisecond')`
    : sql`date_trunc('milliseconds', clock_timestamp())`;
  const [row] = await db
    .insert(ltiScoreSends)
    .values({
      conversation_id: input.conversationId,
      resource_link_id: input.linkId,
      lti_sub: input.sub,
      score_version: input.version,
      score_given: input.scoreGiven,
      score_maximum: 100,
      comment: input.comment,
      score_timestamp: stamp,
    })
    .returning({ id: ltiScoreSends.id, score_version: ltiScoreSends.score_version });
  return row;
}

const newer = sql`exists (select 1 from ${ltiScoreSends} n where n.resource_link_id = s.resource_link_id
  and n.lti_sub = s.lti_sub and n.score_version > s.score_version)`;

/** Pending scores a newer version replaces are never sent (the newer one carries the current result). */
export async function skipSupersededScoreSends(db: Executor): Promise<number> {
  const superseded = sql`(select s.id from ${ltiScoreSends} s
    where s.status = 'pending' and (s.locked_until is null or s.locked_until < now()) and ${newer})`;
  const rows = await db
    .update(ltiScoreSends)
    .set({ status: "sent", locked_until: null, last_error: "superseded by a newer score" })
    .where(sql`${ltiScoreSends.id} in ${superseded}`)
    .returning({ id: ltiScoreSends.id });
  return rows.length;
}

/**
 * Leases one due score for sending (two instances never hold the same row), attempts + 1. Never the
 * newer version of a learner's score while an older one is still in flight, so the platform sees them in order.
 */
export async function claimScoreSend(db: Executor, leaseMs: number) {
  const due = sql`(select s.id from ${ltiScoreSends} s
    where s.status = 'pending' and s.next_attempt_at <= now() and (s.locked_until is null or s.locked_until < now())
      and not ${newer}
      and not exists (select 1 from ${ltiScoreSends} o where o.resource_link_id = s.resource_link_id
        and o.lti_sub = s.lti_sub and o.score_version < s.score_version and o.status = 'pending' and o.locked_until >= now())
    order by s.next_attempt_at limit 1 for update skip locked)`;
  const [row] = await db
    .update(ltiScoreSends)
    .set({
      // Milliseconds, as a JS Date holds it: the lease is compared when the result is written.
      locked_until: sql`date_trunc('milliseconds', now() + ${leaseMs}::int * interval '1 millisecond')`,
      attempts: sql`${ltiScoreSends.attempts} + 1`,
    })
    .where(eq(ltiScoreSends.id, due))
    .returning();
  return row ? { ...row, lease: row.locked_until! } : null;
}

/** What a send needs: the link's line item, its course's service URLs and its platform's token endpoint. */
export async function findScoreSendTarget(db: Executor, linkId: string) {
  const [row] = await db
    .select({
      link: ltiResourceLinks,
      lineitems_url: ltiContexts.lineitems_url,
      platform: { id: ltiPlatforms.id, client_id: ltiPlatforms.client_id, auth_token_url: ltiPlatforms.auth_token_url },
      label: sql<string | null>`coalesce(${roleplays.name}, 'Parley roleplay')`,
      due_at: assignments.due_at,
    })
    .from(ltiResourceLinks)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.context_id))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platform_id))
    .leftJoin(assignments, eq(assignments.id, ltiResourceLinks.assignment_id))
    .leftJoin(roleplays, eq(roleplays.id, sql`coalesce(${assignments.schema_id}, ${ltiResourceLinks.roleplay_id})`))
    .where(eq(ltiResourceLinks.id, linkId))
    .limit(1);
  return row ?? null;
}

/** Stores the line item found or made for a link, unless another instance stored one first (returns the winner). */
export async function storeLineItemUrl(db: Executor, input: { linkId: string; url: string }): Promise<string | null> {
  const [won] = await db
    .update(ltiResourceLinks)
    .set({ line_item_url: input.url, updated_at: sql`now()` })
    .where(and(eq(ltiResourceLinks.id, input.linkId), isNull(ltiResourceLinks.line_item_url)))
    .returning({ url: ltiResourceLinks.line_item_url });
  if (won) return won.url;
  const [row] = await db
    .select({ url: ltiResourceLinks.line_item_url })
    .from(ltiResourceLinks)
    .where(eq(ltiResourceLinks.id, input.linkId));
  return row?.url ?? null;
}

/** Drops a stored line item the platform no longer has (only if it is still the one stored). */
export async function forgetLineItemUrl(db: Executor, input: { linkId: string; url: string }) {
  await db
    .update(ltiResourceLinks)
    .set({ line_item_url: null, updated_at: sql`now()` })
    .where(and(eq(ltiResourceLinks.id, input.linkId), eq(ltiResourceLinks.line_item_url, input.url)));
}

const holds = (id: string, lease: Date) =>
  and(eq(ltiScoreSends.id, id), eq(ltiScoreSends.status, "pending"), eq(ltiScoreSends.locked_until, lease));

export async function markScoreSent(db: Executor, input: { id: string; lease: Date }) {
  await db
    .update(ltiScoreSends)
    .set({ status: "sent", sent_at: sql`now()`, locked_until: null, last_error: null })
    .where(holds(input.id, input.lease));
}

/** A failed attempt: retried after `retryInMs`, or failed for good (visible to admins) when null. */
export async function markScoreSendFailure(
  db: Executor,
  input: { id: string; lease: Date; error: string; retryInMs: number | null },
) {
  await db
    .update(ltiScoreSends)
    .set(
      input.retryInMs === null
        ? { status: "failed", last_error: input.error, locked_until: null }
        : {
            last_error: input.error,
            locked_until: null,
            next_attempt_at: sql`now() + ${Math.round(input.retryInMs)}::int * interval '1 millisecond'`,
          },
    )
    .where(holds(input.id, input.lease));
}

/** When the next pending score falls due (a retry, or a lease that runs out), to wake the worker then. */
export async function nextScoreSendDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        string | Date | null
      >`min(greatest(${ltiScoreSends.next_attempt_at}, coalesce(${ltiScoreSends.locked_until}, ${ltiScoreSends.next_attempt_at})))`,
    })
    .from(ltiScoreSends)
    .where(eq(ltiScoreSends.status, "pending"));
  return row?.at ? new Date(row.at) : null;
}

/** The organisation's queued scores for its admins, newest first (never a token: there is none here). */
export async function selectOrganizationScoreSends(
  db: Executor,
  input: { organizationId: string; status?: "pending" | "sent" | "failed"; limit: number },
) {
  return db
    .select({
      id: ltiScoreSends.id,
      status: ltiScoreSends.status,
      score_version: ltiScoreSends.score_version,
      score_given: ltiScoreSends.score_given,
      attempts: ltiScoreSends.attempts,
      last_error: ltiScoreSends.last_error,
      next_attempt_at: ltiScoreSends.next_attempt_at,
      sent_at: ltiScoreSends.sent_at,
      created_at: ltiScoreSends.created_at,
      conversation_id: ltiScoreSends.conversation_id,
      learner: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
      course: ltiContexts.title,
      course_id: ltiContexts.id,
      activity: sql<string | null>`${roleplays.name}`,
    })
    .from(ltiScoreSends)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiScoreSends.resource_link_id))
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.context_id))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platform_id))
    .innerJoin(conversations, eq(conversations.id, ltiScoreSends.conversation_id))
    .innerJoin(users, eq(users.id, conversations.user_id))
    .leftJoin(roleplays, eq(roleplays.id, ltiResourceLinks.roleplay_id))
    .where(
      and(
        eq(ltiPlatforms.organization_id, input.organizationId),
        input.status ? eq(ltiScoreSends.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(ltiScoreSends.created_at), desc(ltiScoreSends.id))
    .limit(input.limit);
}

/** Failed scores of the organisation (one course, or all) go back in the queue with a fresh set of attempts. */
export async function requeueFailedScoreSends(db: Executor, input: { organizationId: string; courseId?: string }) {
  const inOrganization = sql`(select s.id from ${ltiScoreSends} s
    join ${ltiResourceLinks} l on l.id = s.resource_link_id
    join ${ltiContexts} c on c.id = l.context_id
    join ${ltiPlatforms} p on p.id = c.platform_id
    where s.status = 'failed' and p.organization_id = ${input.organizationId}
      ${input.courseId ? sql`and c.id = ${input.courseId}` : sql``})`;
  const rows = await db
    .update(ltiScoreSends)
    .set({ status: "pending", attempts: 0, locked_until: null, next_attempt_at: sql`now()` })
    .where(sql`${ltiScoreSends.id} in ${inOrganization}`)
    .returning({ id: ltiScoreSends.id });
  return rows.length;
}
