import { z } from "zod";

import { requiredText, routeId, uuid } from "./common";

const MAX_MESSAGE_CHARS = 2000;
/** Both speakers together: a practice call is a few dozen turns; this stops runaway loops. */
export const MAX_TURNS_PER_CONVERSATION = 200;

export const requestRoomSchema = z.object({ schema_id: uuid("schema_id") });

/** A malformed conversation id answers like an unknown one. */
export const conversationParams = z.object({ conversationId: routeId("Conversation") });

const turnText = requiredText("Message", MAX_MESSAGE_CHARS, {
  typeError: "text must be text",
  blank: "Message cannot be empty",
});

export const learnerMessageSchema = z.object({ text: turnText });

/** One finished voice turn, as the persona agent reports it. */
export const agentTurnSchema = z
  .object({
    speaker: z.enum(["learner", "persona"]),
    text: turnText,
    started_at: z.iso.datetime({ offset: true }),
    ended_at: z.iso.datetime({ offset: true }),
    external_id: z.string().trim().min(1).max(200).optional(),
  })
  .refine((t) => Date.parse(t.ended_at) >= Date.parse(t.started_at), {
    message: "ended_at must not be before started_at",
    path: ["ended_at"],
  });

export type AgentTurn = z.output<typeof agentTurnSchema>;

/** What the persona agent may carry in its dispatch metadata: ids only. */
export const dispatchMetadataSchema = z.object({ conversation_id: z.uuid() });
