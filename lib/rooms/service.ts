import { randomBytes, randomUUID } from "node:crypto";
import { getDb } from "@/db";
import { findStartableSchema, insertConversation } from "@/db/queries/conversations";
import { consumeCredit } from "@/db/queries/credits";
import type { SessionUser } from "@/lib/auth/service";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { livekitConfig, mintRoomToken, roomNameFor } from "./livekit";

export type RoomAnswer = {
  /** livekit: a LiveKit join token. local: an opaque random value that only names this call on the client; the APIs authenticate by the user's session. */
  token: string;
  conversation_id: string;
  server_url: string | null;
  mode: "livekit" | "local";
};

export const noCreditsLeft = () => new AppError(402, "No credits left");

/**
 * Starts a conversation with a schema the user may see: spends one credit and records the
 * conversation (with a snapshot of the schema's name and persona) in one transaction,
 * so a failed insert never costs a credit.
 */
export async function requestRoom(user: SessionUser, schemaId: string): Promise<RoomAnswer> {
  const db = await getDb();
  const schema = await findStartableSchema(db, { user, schemaId });
  if (!schema) throw notFound("Roleplay not found");
  const livekit = livekitConfig();
  const mode = livekit ? "livekit" : "local";

  const id = randomUUID();
  const conversation = await db.transaction(async (tx) => {
    if (!(await consumeCredit(tx, user.id))) throw noCreditsLeft();
    return insertConversation(tx, {
      id,
      roomName: livekit ? roomNameFor(id) : null,
      userId: user.id,
      organizationId: schema.organization_id,
      schemaId: schema.id,
      schemaName: schema.name,
      persona: schema.persona,
      scenario: schema.scenario,
      scorecard: schema.scorecard,
      mode,
    });
  });

  if (!livekit) {
    return { token: randomBytes(18).toString("base64url"), conversation_id: conversation.id, server_url: null, mode };
  }
  const token = await mintRoomToken(livekit, {
    conversationId: conversation.id,
    user: { id: user.id, name: user.name },
    agentName: env().PERSONA_AGENT_NAME,
  });
  return { token, conversation_id: conversation.id, server_url: livekit.url, mode };
}
