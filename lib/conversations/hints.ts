import "server-only";

import { getDb } from "@/db";
import { findConversation, listTurns } from "@/db/queries/conversations";
import { findHintSetting } from "@/db/queries/live-hints";
import type { SessionUser } from "@/lib/auth/service";
import { logScrubbedError } from "@/lib/db-errors";
import { notFound } from "@/lib/errors";
import type { ScenarioKind } from "@/lib/validations/scorecard";

import { chooseHint, type Hint, type HintTurn } from "./live-hints";

/** "off": the roleplay does not show hints; "assessed": an open assignment counts this call, so none are shown. */
export type HintsState = { enabled: boolean; reason: "on" | "off" | "assessed" };

export async function hintsState(conversationId: string): Promise<HintsState & { card: string[]; kind: ScenarioKind }> {
  const setting = await findHintSetting(await getDb(), conversationId);
  const p = setting?.persona;
  const card = p ? [p.name, p.role, p.situation, p.background, ...(p.pain_points ?? []), ...(p.goals ?? [])] : [];
  const kind: ScenarioKind = setting?.scenario?.kind ?? "sales-discovery";
  if (!setting?.live_hints) return { enabled: false, reason: "off", card, kind };
  if (setting.assessed) return { enabled: false, reason: "assessed", card, kind };
  return { enabled: true, reason: "on", card, kind };
}

/**
 * The hint after the learner's latest turn, when the roleplay shows hints and no open assignment
 * assesses the call. Read only from the transcript; nothing is stored and nothing reaches the persona.
 * A failure here never costs the learner their turn: it is logged and there is no hint.
 */
export async function hintAfter(conversationId: string, turns: HintTurn[]): Promise<Hint | null> {
  try {
    const state = await hintsState(conversationId);
    if (!state.enabled) return null;
    return chooseHint(turns, state.kind, state.card);
  } catch (err) {
    logScrubbedError("live-hints", err);
    return null;
  }
}

/** For a voice call's page: whether hints show, and the hint after the latest learner turn stored so far. */
export async function getOwnHint(user: SessionUser, conversationId: string) {
  const db = await getDb();
  const conversation = await findConversation(db, { conversationId, scope: { ownerId: user.id } });
  if (!conversation) throw notFound("Conversation not found", "conversation");
  const state = await hintsState(conversationId);
  if (!state.enabled) return { enabled: false, reason: state.reason, hint: null };
  const turns = await listTurns(db, conversationId);
  return { enabled: true, reason: state.reason, hint: chooseHint(turns, state.kind, state.card) };
}
