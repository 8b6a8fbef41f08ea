import "server-only";

import { randomBytes, randomUUID } from "node:crypto";

import { getDb } from "@/db";
import { findConversation, findStartableRoleplay, insertConversation } from "@/db/queries/conversations";
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

const noCreditsLeft = () => new AppError("payment_required:credits", "No credits left");

/**
 * Starts a conversation with a roleplay the user may see: spends one credit and records the
 * conversation (with a snapshot of the roleplay's name and persona) in one transaction,
 * so a failed insert never costs a credit.
 */
export async function requestRoom(user: SessionUser, roleplayId: string): Promise<RoomAnswer> {
  const db = await getDb();
  const roleplay = await findStartableRoleplay(db, { user, roleplayId });
  if (!roleplay) throw notFound("Roleplay not found", "roleplay");
  if (!roleplay.reachable) {
    throw new AppError(
      "forbidden:roleplay",
      "This roleplay is private and assigned to no group, so no one can start it. Assign a group or make it public.",
    );
  }
  const livekit = livekitConfig();
  const mode = livekit ? "livekit" : "local";

  const id = randomUUID();
  const conversation = await db.transaction(async (tx) => {
    if (!(await consumeCredit(tx, user.id))) throw noCreditsLeft();
    return insertConversation(tx, {
      id,
      roomName: livekit ? roomNameFor(id) : null,
      userId: user.id,
      organizationId: roleplay.organization_id,
      roleplayId: roleplay.id,
      roleplayName: roleplay.name,
      persona: roleplay.persona,
      scenario: roleplay.scenario,
      scorecard: roleplay.scorecard,
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

/**
 * Back into a call that is still active (after a reload, or from the dashboard): a fresh answer
 * for the same conversation, without spending a credit. Ended calls cannot be re-entered.
 */
export async function rejoinRoom(user: SessionUser, conversationId: string): Promise<RoomAnswer> {
  const conversation = await findConversation(await getDb(), { conversationId, scope: { ownerId: user.id } });
  if (!conversation) throw notFound("Conversation not found", "conversation");
  if (conversation.status !== "active") throw new AppError("ended:conversation", "This conversation has ended");
  const livekit = conversation.mode === "livekit" ? livekitConfig() : null;
  if (!livekit) {
    if (conversation.mode === "livekit")
      throw new AppError("unavailable:call_server", "The call server is not configured any more");
    return {
      token: randomBytes(18).toString("base64url"),
      conversation_id: conversation.id,
      server_url: null,
      mode: "local",
    };
  }
  const token = await mintRoomToken(livekit, {
    conversationId: conversation.id,
    user: { id: user.id, name: user.name },
    agentName: env().PERSONA_AGENT_NAME,
  });
  return { token, conversation_id: conversation.id, server_url: livekit.url, mode: "livekit" };
}
