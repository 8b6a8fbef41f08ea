import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db";
import { conversations, conversationTurns, roleplaySchemas, schemaGroups } from "@/db/schema";
import { visibleTo } from "@/db/queries/visibility";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

/** A live, active schema the user may see (spec section 6), or null. */
/**
 * Spec section 6: a private schema with no groups is inaccessible to everyone, admins and
 * developers included (they still see it in lists and the form, marked as reachable by no one).
 */
function reachable() {
  return sql`(${roleplaySchemas.is_public} or exists (select 1 from ${schemaGroups} sg where sg.schema_id = ${roleplaySchemas.id}))`;
}

export async function findStartableSchema(db: Executor, input: { user: { id: string; isDev: boolean }; schemaId: string }) {
  const [row] = await db
    .select({
      id: roleplaySchemas.id,
      name: roleplaySchemas.name,
      persona: roleplaySchemas.persona,
      scenario: roleplaySchemas.scenario,
      scorecard: roleplaySchemas.scorecard,
      organization_id: roleplaySchemas.organization_id,
      reachable: sql<boolean>`${reachable()}`.mapWith(Boolean),
    })
    .from(roleplaySchemas)
    .where(and(eq(roleplaySchemas.id, input.schemaId), eq(roleplaySchemas.is_active, true), visibleTo(input.user)))
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
    schemaId: string;
    schemaName: string;
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
      schema_id: input.schemaId,
      schema_name: input.schemaName,
      persona: input.persona,
      scenario: input.scenario ?? null,
      scorecard: input.scorecard ?? null,
      mode: input.mode,
    })
    .returning();
  return row;
}

export async function findConversation(db: Executor, conversationId: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return row ?? null;
}

/** Locks the row so turns of one conversation are numbered one after another. */
export async function lockConversation(db: Executor, conversationId: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).for("update").limit(1);
  return row ?? null;
}

export async function findConversationByRoom(db: Executor, roomName: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.room_name, roomName)).limit(1);
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

/**
 * The scenario ({kind, objective}) of the conversation's schema, wherever it is stored: a
 * `scenario` column on the schema or a `scenario` key in the persona snapshot. Read through
 * to_jsonb so this works before and after the column exists.
 */
export async function findConversationScenario(db: Executor, conversationId: string): Promise<unknown> {
  const [row] = await db
    .select({
      scenario: sql<unknown>`coalesce(to_jsonb(${roleplaySchemas}) -> 'scenario', ${conversations.persona} -> 'scenario')`,
    })
    .from(conversations)
    .leftJoin(roleplaySchemas, eq(roleplaySchemas.id, conversations.schema_id))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.scenario ?? null;
}
