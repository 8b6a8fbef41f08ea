import "server-only";

import { getDb } from "@/db";
import { findConversation, listTurns } from "@/db/queries/conversations";
import { anthropicClient, modelConfigured } from "@/lib/ai/anthropic";
import type { SessionUser } from "@/lib/auth/service";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { generateFromNotes } from "@/lib/roleplays/autogenerate";
import { createRoleplay } from "@/lib/roleplays/service";
import { idOrNotFound } from "@/lib/validations/id";
import { MAX_RAW_TEXT } from "@/lib/validations/roleplay";
import { withWeightsOf100 } from "@/lib/validations/scorecard";

export const PERSONA_NEEDS_MODEL =
  "Making a practice persona from a call needs a model (ANTHROPIC_API_KEY); without one, create the roleplay by hand.";

/** Whether the grade page can offer "Make a practice persona from this call", and if not, why. */
export const personaFromCallAvailable = () =>
  modelConfigured() ? { available: true as const } : { available: false as const, reason: PERSONA_NEEDS_MODEL };

/** What the buyer's side said, as notes for auto-generate (the learner's lines stay out). */
function buyerNotes(buyer: string, lines: string[]): string {
  const head = `The buyer's side (${buyer}) of a real sales call. Build the persona from what they said: their situation, problems, goals and objections.\n`;
  let notes = head;
  for (const line of lines) {
    const next = `- ${line}\n`;
    if (notes.length + next.length > MAX_RAW_TEXT) break;
    notes += next;
  }
  return notes.trimEnd();
}

/**
 * Admins of the call's organisation: the buyer's side of an uploaded real call becomes a roleplay
 * draft through auto-generate's model path; inactive and private with no groups, so nobody practises
 * it before the admin has edited and switched it on. Nothing is created when the model fails.
 */
export async function personaFromCall(user: SessionUser, conversationId: string) {
  const id = idOrNotFound(conversationId, "Conversation");
  const db = await getDb();
  const conversation = await findConversation(db, { conversationId: id, scope: { reviewerId: user.id } });
  if (!conversation || conversation.source !== "real_call" || !conversation.organization_id) {
    throw notFound("Conversation not found", "conversation");
  }
  const client = anthropicClient({ timeoutMs: env().AUTOGENERATE_TIMEOUT_MS, maxRetries: 0 });
  if (!client) throw new AppError("unavailable:model", PERSONA_NEEDS_MODEL);
  const lines = (await listTurns(db, id)).filter((t) => t.speaker === "persona").map((t) => t.text);
  if (lines.length === 0)
    throw new AppError("invalid:transcript", "This call has no buyer's side to build a persona from.");

  const buyer = conversation.persona.name;
  const name = `${buyer} (from a real call)`.slice(0, 200);
  const description = `Draft from a real call with ${buyer} uploaded on ${conversation.ended_at?.toISOString().slice(0, 10) ?? "an earlier day"}. Edit it, then make it active.`;
  const { scenario, scorecard, ...persona } = await generateFromNotes(client, {
    name,
    description,
    raw_text: buyerNotes(buyer, lines),
  });
  const kind = scenario?.kind ?? conversation.scenario?.kind ?? "sales-discovery";
  const draft = await createRoleplay(
    user,
    {
      name,
      description: description.slice(0, 2000),
      is_public: false,
      assigned_groups: [],
      is_active: false,
      live_hints: false,
      schema_data: {
        persona,
        scenario: scenario ?? { kind, objective: conversation.scenario?.objective ?? "" },
        scorecard:
          (scorecard && withWeightsOf100(scorecard)) ??
          conversation.scorecard ??
          structuredClone(DEFAULT_SCORECARDS[kind]),
      },
    },
    conversation.organization_id,
  );
  return {
    roleplay_id: draft.id,
    name: draft.name,
    is_active: draft.is_active,
    edit_url: `/workspace/edit/${draft.id}`,
  };
}
