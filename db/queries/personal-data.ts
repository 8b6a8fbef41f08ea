import "server-only";

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Executor } from "@/db";
import {
  conversations,
  conversationTurns,
  creditAccounts,
  criterionReviews,
  gradeReviews,
  grades,
  ltiPlatforms,
  ltiUserLinks,
  memberships,
  organizations,
  sessions,
  ssoProviders,
  turnComments,
  userIdentities,
  users,
  userSettings,
  waitlistEntries,
} from "@/db/schema";

const authors = alias(users, "authors");
/** Someone else appears by display name only: never their e-mail or id. */
const authorName = sql<string | null>`nullif(${authors.name}, '')`;

/** The account and what hangs off it directly; no hash, token or session id. */
export async function selectAccountData(db: Executor, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      developer: users.is_dev,
      created_at: users.created_at,
      first_signed_in_at: users.first_signed_in_at,
      credits_total: creditAccounts.credits_total,
      credits_used: creditAccounts.credits_used,
      active_organization: organizations.name,
    })
    .from(users)
    .leftJoin(creditAccounts, eq(creditAccounts.user_id, users.id))
    .leftJoin(userSettings, eq(userSettings.user_id, users.id))
    .leftJoin(organizations, eq(organizations.id, userSettings.active_organization_id))
    .where(eq(users.id, userId));
  if (!account) return null;
  const [memberOf, signIns, identities, lms, waitlist] = await Promise.all([
    db
      .select({
        organization: organizations.name,
        role: memberships.role,
        joined_at: memberships.created_at,
        groups: sql<string>`coalesce((select string_agg(g.name, '; ' order by g.name) from group_members gm
          join groups g on g.id = gm.group_id where gm.user_id = ${userId} and g.organization_id = ${organizations.id}), '')`,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
      .where(eq(memberships.user_id, userId))
      .orderBy(asc(memberships.created_at)),
    db
      .select({ created_at: sessions.created_at, expires_at: sessions.expires_at, revoked_at: sessions.revoked_at })
      .from(sessions)
      .where(eq(sessions.user_id, userId))
      .orderBy(asc(sessions.created_at)),
    db
      .select({
        provider: ssoProviders.name,
        kind: ssoProviders.kind,
        email: userIdentities.email,
        linked_at: userIdentities.created_at,
        last_signed_in_at: userIdentities.last_signed_in_at,
      })
      .from(userIdentities)
      .innerJoin(ssoProviders, eq(ssoProviders.id, userIdentities.provider_id))
      .where(eq(userIdentities.user_id, userId)),
    db
      .select({ platform: ltiPlatforms.name, issuer: ltiPlatforms.issuer, linked_at: ltiUserLinks.created_at })
      .from(ltiUserLinks)
      .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiUserLinks.platform_id))
      .where(eq(ltiUserLinks.user_id, userId)),
    db
      .select({
        name: waitlistEntries.name,
        interests: waitlistEntries.interests,
        other_details: waitlistEntries.other_details,
        created_at: waitlistEntries.created_at,
      })
      .from(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = lower(${account.email})`),
  ]);
  return { account, memberOf, signIns, identities, lms, waitlist };
}

/** The account's calls with their transcripts, grades, and what instructors wrote about them. */
export async function selectConversationData(db: Executor, userId: string) {
  const calls = await db
    .select({
      id: conversations.id,
      organization: organizations.name,
      roleplay: conversations.schema_name,
      persona: sql<string>`${conversations.persona} ->> 'name'`,
      mode: conversations.mode,
      source: conversations.source,
      status: conversations.status,
      started_at: conversations.started_at,
      ended_at: conversations.ended_at,
      transcript_purged_at: conversations.transcript_purged_at,
      grade_status: grades.status,
      grade_state: grades.state,
      score: grades.score,
      graded_at: grades.graded_at,
      grader: grades.grader,
      feedback: grades.feedback,
      scorecard: grades.scorecard,
    })
    .from(conversations)
    .leftJoin(organizations, eq(organizations.id, conversations.organization_id))
    .leftJoin(grades, eq(grades.conversation_id, conversations.id))
    .where(eq(conversations.user_id, userId))
    .orderBy(asc(conversations.started_at), asc(conversations.id));
  const ids = calls.map((c) => c.id);
  if (!ids.length) return { calls, turns: [], reviews: [], comments: [], criterionReviews: [] };
  const [turns, reviews, comments, criteria] = await Promise.all([
    db
      .select({
        conversation_id: conversationTurns.conversation_id,
        seq: conversationTurns.seq,
        speaker: conversationTurns.speaker,
        text: conversationTurns.text,
        started_at: conversationTurns.started_at,
      })
      .from(conversationTurns)
      .where(inArray(conversationTurns.conversation_id, ids))
      .orderBy(asc(conversationTurns.conversation_id), asc(conversationTurns.seq)),
    db
      .select({
        conversation_id: gradeReviews.conversation_id,
        score: gradeReviews.score,
        comment: gradeReviews.comment,
        reviewer: authorName,
        reviewed_at: gradeReviews.updated_at,
      })
      .from(gradeReviews)
      .leftJoin(authors, eq(authors.id, gradeReviews.reviewer_id))
      .where(inArray(gradeReviews.conversation_id, ids)),
    db
      .select({
        conversation_id: turnComments.conversation_id,
        turn_seq: conversationTurns.seq,
        body: turnComments.body,
        author: authorName,
        created_at: turnComments.created_at,
      })
      .from(turnComments)
      .innerJoin(conversationTurns, eq(conversationTurns.id, turnComments.turn_id))
      .leftJoin(authors, eq(authors.id, turnComments.author_id))
      .where(inArray(turnComments.conversation_id, ids))
      .orderBy(asc(turnComments.created_at)),
    db
      .select({
        conversation_id: criterionReviews.conversation_id,
        criterion_id: criterionReviews.criterion_id,
        previous_score: criterionReviews.previous_score,
        score: criterionReviews.score,
        reason: criterionReviews.reason,
        reviewer: authorName,
        created_at: criterionReviews.created_at,
      })
      .from(criterionReviews)
      .leftJoin(authors, eq(authors.id, criterionReviews.reviewer_id))
      .where(and(inArray(criterionReviews.conversation_id, ids)))
      .orderBy(asc(criterionReviews.created_at)),
  ]);
  return { calls, turns, reviews, comments, criterionReviews: criteria };
}
