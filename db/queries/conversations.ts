import "server-only";

import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";

import type { Executor } from "@/db";
import { visibleTo } from "@/db/queries/visibility";
import { conversations, conversationTurns, memberships, roleplayGroups, roleplays } from "@/db/schema";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

/**
 * A private roleplay with no groups is inaccessible to everyone, admins and
 * developers included (they still see it in lists and the form, marked as reachable by no one).
 */
function reachable() {
  return sql`(${roleplays.is_public} or exists (select 1 from ${roleplayGroups} sg where sg.schema_id = ${roleplays.id}))`;
}

/** A live, active roleplay the user may see and start, or null. */
export async function findStartableRoleplay(
  db: Executor,
  input: { user: { id: string; isDev: boolean }; roleplayId: string },
) {
  const [row] = await db
    .select({
      id: roleplays.id,
      name: roleplays.name,
      persona: roleplays.persona,
      scenario: roleplays.scenario,
      scorecard: roleplays.scorecard,
      organization_id: roleplays.organization_id,
      reachable: sql<boolean>`${reachable()}`.mapWith(Boolean),
    })
    .from(roleplays)
    .where(and(eq(roleplays.id, input.roleplayId), eq(roleplays.is_active, true), visibleTo(input.user)))
    .limit(1);
  return row ?? null;
}

export async function insertConversation(
  db: Executor,
  input: {
    id: string;
    roomName: string | null;
    userId: string;
    organizationId: string | null;
    roleplayId: string;
    roleplayName: string;
    persona: Persona;
    scenario?: Scenario | null;
    scorecard?: Scorecard | null;
    mode: "livekit" | "local";
  },
) {
  const [row] = await db
    .insert(conversations)
    .values({
      id: input.id,
      room_name: input.roomName,
      user_id: input.userId,
      organization_id: input.organizationId,
      schema_id: input.roleplayId,
      schema_name: input.roleplayName,
      persona: input.persona,
      scenario: input.scenario ?? null,
      scorecard: input.scorecard ?? null,
      mode: input.mode,
    })
    .returning();
  return row;
}

/**
 * Whose conversation it must be, as part of the lookup: one that is not in scope is not found.
 * Machine callers (the persona agent, the grader) look up by id alone.
 */
export type ConversationScope =
  /** The learner who held it. */
  | { ownerId: string }
  /** An admin of its organisation. */
  | { reviewerId: string }
  /** Its learner, an admin of its organisation, or any developer. */
  | { readerId: string; isDev: boolean }
  /** The LiveKit room it ran in. */
  | { roomName: string };

const adminOfItsOrganization = (userId: string) =>
  sql`exists (select 1 from ${memberships} m where m.organization_id = ${conversations.organization_id} and m.user_id = ${userId} and m.role = 'admin')`;

function inScope(scope: ConversationScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  if ("ownerId" in scope) return eq(conversations.user_id, scope.ownerId);
  if ("reviewerId" in scope) return adminOfItsOrganization(scope.reviewerId);
  if ("roomName" in scope) return eq(conversations.room_name, scope.roomName);
  if (scope.isDev) return undefined;
  return or(eq(conversations.user_id, scope.readerId), adminOfItsOrganization(scope.readerId));
}

export async function findConversation(db: Executor, input: { conversationId: string; scope?: ConversationScope }) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), inScope(input.scope)))
    .limit(1);
  return row ?? null;
}

/** Locks the row so turns of one conversation are numbered one after another. */
export async function lockConversation(db: Executor, input: { conversationId: string; scope?: ConversationScope }) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), inScope(input.scope)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** Ends an active conversation; null when it was already ended (or does not exist). */
export async function markEnded(db: Executor, conversationId: string) {
  const [row] = await db
    .update(conversations)
    .set({ status: "ended", ended_at: sql`now()` })
    .where(and(eq(conversations.id, conversationId), eq(conversations.status, "active")))
    .returning();
  return row ?? null;
}

export async function listTurns(db: Executor, conversationId: string) {
  return db
    .select()
    .from(conversationTurns)
    .where(eq(conversationTurns.conversation_id, conversationId))
    .orderBy(asc(conversationTurns.seq));
}

export async function countTurns(db: Executor, conversationId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationTurns)
    .where(eq(conversationTurns.conversation_id, conversationId));
  return Number(n);
}

/**
 * Appends a turn with the next sequence number. Call inside a transaction that holds
 * lockConversation; a repeated external_id (an agent retry) is ignored and returns null.
 */
export async function appendTurn(
  db: Executor,
  input: {
    conversationId: string;
    speaker: "learner" | "persona";
    text: string;
    source: "voice" | "text";
    externalId?: string | null;
    startedAt?: Date;
    endedAt?: Date;
  },
) {
  const [row] = await db
    .insert(conversationTurns)
    .values({
      conversation_id: input.conversationId,
      seq: sql`(select coalesce(max(seq), 0) + 1 from ${conversationTurns} where conversation_id = ${input.conversationId})`,
      speaker: input.speaker,
      text: input.text,
      source: input.source,
      external_id: input.externalId ?? null,
      ...(input.startedAt ? { started_at: input.startedAt } : {}),
      ...(input.endedAt ? { ended_at: input.endedAt } : {}),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The scenario of the conversation's roleplay as it is now (null for a roleplay saved without one, or gone). */
export async function findConversationScenario(db: Executor, conversationId: string) {
  const [row] = await db
    .select({ scenario: roleplays.scenario })
    .from(conversations)
    .leftJoin(roleplays, eq(roleplays.id, conversations.schema_id))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.scenario ?? null;
}
