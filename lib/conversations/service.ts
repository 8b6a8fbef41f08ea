import "server-only";

import { type Executor, getDb } from "@/db";
import {
  appendTurn,
  type ConversationScope,
  countTurns,
  findConversation,
  findConversationScenario,
  listTurns,
  lockConversation,
  markEnded,
} from "@/db/queries/conversations";
import type { Conversation, ConversationTurn } from "@/db/schema";
import { anthropicClient } from "@/lib/ai/anthropic";
import type { SessionUser } from "@/lib/auth/service";
import { env } from "@/lib/env";
import { AppError, conflict, notFound } from "@/lib/errors";
import { enqueueGrade, kickGrader, makeGradeDue, regradeAfterLateTurn } from "@/lib/grading/queue";
import { type AgentTurn, MAX_TURNS_PER_CONVERSATION } from "@/lib/validations/conversation";

import { buildBrief } from "./brief";
import { claudePersonaReply, PersonaModelFailure } from "./claude-reply";
import { hintAfter, hintsState } from "./hints";
import { offlineReply } from "./offline-persona";

const conversationNotFound = () => notFound("Conversation not found", "conversation");
const hasEnded = () => new AppError("ended:conversation", "This conversation has ended");
const turnLimit = () =>
  conflict(`This conversation has reached its limit of ${MAX_TURNS_PER_CONVERSATION} turns`, "conversation");

/** The conversation, locked for the rest of the transaction, if it is still taking turns. */
async function lockActive(tx: Executor, conversationId: string, scope?: ConversationScope) {
  const conversation = await lockConversation(tx, { conversationId, scope });
  if (!conversation) throw conversationNotFound();
  if (conversation.status !== "active") throw hasEnded();
  if ((await countTurns(tx, conversationId)) >= MAX_TURNS_PER_CONVERSATION) throw turnLimit();
  return conversation;
}

/** A persona turn the offline persona wrote because the model failed or was too slow is marked in its external id. */
const OFFLINE_TURN = "offline-persona:";

type TurnView = Pick<ConversationTurn, "id" | "seq" | "speaker" | "text" | "started_at" | "ended_at"> & {
  /** Present (true) on a reply the offline persona wrote in place of a model that failed or was too slow. */
  offline?: true;
};
const view = ({ id, seq, speaker, text, started_at, ended_at, external_id }: ConversationTurn): TurnView => ({
  id,
  seq,
  speaker,
  text,
  started_at,
  ended_at,
  ...(external_id?.startsWith(OFFLINE_TURN) ? { offline: true as const } : {}),
});

/** What the learner reads when the offline persona took a turn from the model. */
function fallbackNotice(reason: PersonaModelFailure["reason"], timeoutMs: number): string {
  return reason === "timeout"
    ? `The AI persona did not answer within ${Math.round(timeoutMs / 100) / 10} s, so the offline persona answered this turn.`
    : "The AI persona could not answer, so the offline persona answered this turn.";
}

/**
 * A typed learner message and the persona's reply. The learner turn is committed before the
 * reply is produced, and the lock is not held meanwhile. A model that fails or takes longer than
 * MODEL_REPLY_TIMEOUT_MS gives the turn to the offline persona, marked on the turn and explained in
 * `offline_notice`.
 */
export async function addLearnerMessage(user: SessionUser, conversationId: string, text: string) {
  const db = await getDb();
  const { conversation, learnerTurn, transcript } = await db.transaction(async (tx) => {
    const conversation = await lockActive(tx, conversationId, { ownerId: user.id });
    const transcript = await listTurns(tx, conversationId);
    const learnerTurn = (await appendTurn(tx, { conversationId, speaker: "learner", text, source: "text" }))!;
    return { conversation, learnerTurn, transcript };
  });

  // No lock and no transaction is held while the model thinks: a slow model delays this learner only.
  const timeoutMs = env().MODEL_REPLY_TIMEOUT_MS;
  const client = anthropicClient({ timeoutMs, maxRetries: 1 });
  let modelReply: string | null = null;
  let failure: PersonaModelFailure | null = null;
  if (client) {
    try {
      modelReply = await claudePersonaReply(client, conversation.persona, [...transcript, learnerTurn], timeoutMs);
    } catch (err) {
      if (!(err instanceof PersonaModelFailure)) throw err;
      failure = err;
    }
  }
  const reply =
    modelReply ?? offlineReply(conversation.persona, transcript, text, conversationId, conversation.scenario?.kind);

  const personaTurn = await db.transaction(async (tx) => {
    const current = await lockConversation(tx, { conversationId });
    // Ended while the reply was being written: the learner still sees it, the graded record does not change.
    if (current?.status !== "active") return null;
    const externalId = failure ? `${OFFLINE_TURN}${crypto.randomUUID()}` : null;
    return appendTurn(tx, { conversationId, speaker: "persona", text: reply, source: "text", externalId });
  });

  return {
    reply,
    offline: modelReply === null,
    /** Why the offline persona answered although a model is configured; null otherwise. */
    offline_notice: failure ? fallbackNotice(failure.reason, timeoutMs) : null,
    learner_turn: view(learnerTurn),
    persona_turn: personaTurn ? view(personaTurn) : null,
    /** Live hints: one short coaching hint on the learner's turn, for the learner's eyes only (null when off). */
    hint: await hintAfter(conversationId, [...transcript, learnerTurn]),
  };
}

/**
 * The persona agent's last turns are still in flight when a voice call is ended by the learner or by
 * LiveKit's room_finished: they are accepted this long after the end, and a grade already written is redone.
 */
export const LATE_AGENT_TURN_GRACE_MS = 2 * 60_000;
/** A voice call not ended by the agent waits this long for those turns before grading; the agent's own end makes it due at once. */
export const VOICE_GRADE_SETTLE_MS = 15_000;

/**
 * Ends an active conversation and queues its grade in one transaction; ending again is a no-op.
 * `byAgent`: the persona agent ends it after posting every turn, so grading need not wait.
 * Returns the conversation, or null when it does not exist.
 */
export async function endConversation(conversationId: string, { byAgent = false } = {}): Promise<Conversation | null> {
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    const row = await markEnded(tx, conversationId);
    if (row) await enqueueGrade(tx, conversationId, row.mode === "livekit" && !byAgent ? VOICE_GRADE_SETTLE_MS : 0);
    else if (byAgent) await makeGradeDue(tx, conversationId);
    return row;
  });
  if (ended || byAgent) kickGrader();
  if (ended) return ended;
  return findConversation(db, { conversationId });
}

export async function endOwnedConversation(user: SessionUser, conversationId: string) {
  const existing = await findConversation(await getDb(), { conversationId, scope: { ownerId: user.id } });
  if (!existing) throw conversationNotFound();
  const conversation = (await endConversation(conversationId))!;
  return { conversation_id: conversation.id, status: conversation.status, ended_at: conversation.ended_at };
}

/** A finished voice turn from the persona agent; a retried turn (same external_id) is stored once. */
export async function recordAgentTurn(conversationId: string, turn: AgentTurn) {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const late = await lockForAgentTurn(tx, conversationId);
    const row = await appendTurn(tx, {
      conversationId,
      speaker: turn.speaker,
      text: turn.text,
      source: "voice",
      externalId: turn.external_id,
      startedAt: new Date(turn.started_at),
      endedAt: new Date(turn.ended_at),
    });
    if (late && row) await regradeAfterLateTurn(tx, conversationId);
    return { stored: row !== null, turn: row ? view(row) : null, late: late && row !== null };
  });
  if (result.late) kickGrader();
  return { stored: result.stored, turn: result.turn };
}

/**
 * Locks the conversation for an agent turn. Active: as for any turn. Ended: a voice call within
 * LATE_AGENT_TURN_GRACE_MS of its end still takes the agent's turns (returns true: a late turn).
 */
async function lockForAgentTurn(tx: Executor, conversationId: string): Promise<boolean> {
  const conversation = await lockConversation(tx, { conversationId });
  if (!conversation) throw conversationNotFound();
  if (conversation.status === "active") {
    await lockActive(tx, conversationId);
    return false;
  }
  const endedAgo = conversation.ended_at ? Date.now() - conversation.ended_at.getTime() : Infinity;
  if (conversation.mode !== "livekit" || endedAgo > LATE_AGENT_TURN_GRACE_MS) throw hasEnded();
  if ((await countTurns(tx, conversationId)) >= MAX_TURNS_PER_CONVERSATION) throw turnLimit();
  return true;
}

/** What the persona agent needs to play a conversation: the persona snapshot and the turns so far. */
export async function conversationForAgent(conversationId: string) {
  const db = await getDb();
  const conversation = await findConversation(db, { conversationId });
  if (!conversation) throw conversationNotFound();
  const turns = await listTurns(db, conversationId);
  return {
    conversation_id: conversation.id,
    status: conversation.status,
    schema_name: conversation.schema_name,
    persona: conversation.persona,
    turns: turns.map((t) => ({ speaker: t.speaker, text: t.text })),
  };
}

/** The call screen's view of its own conversation: who the persona is and the turns so far. */
export async function getOwnedConversation(user: SessionUser, conversationId: string) {
  const db = await getDb();
  const conversation = await findConversation(db, { conversationId, scope: { ownerId: user.id } });
  if (!conversation) throw conversationNotFound();
  const [turns, scenario, hints] = await Promise.all([
    listTurns(db, conversationId),
    findConversationScenario(db, conversationId),
    hintsState(conversationId),
  ]);
  return {
    conversation_id: conversation.id,
    schema_name: conversation.schema_name,
    brief: buildBrief(conversation.persona, scenario),
    mode: conversation.mode,
    status: conversation.status,
    persona: { name: conversation.persona.name, role: conversation.persona.role },
    offline: conversation.mode === "local" && !anthropicClient(),
    turns: turns.map(view),
    /** Whether this call shows live hints ("assessed": an open assignment counts it, so none), and the latest one. */
    live_hints: { enabled: hints.enabled, reason: hints.reason },
    hint: hints.enabled ? await hintAfter(conversationId, turns) : null,
  };
}
