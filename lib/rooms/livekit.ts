import "server-only";

import { AccessToken, RoomAgentDispatch, RoomConfiguration, TrackSource } from "livekit-server-sdk";

import { env } from "@/lib/env";

type LiveKitConfig = { url: string; apiKey: string; apiSecret: string };

/** The media server settings, or null when any is missing (then calls run in local mode). */
export function livekitConfig(): LiveKitConfig | null {
  const { LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET } = env();
  if (!LIVEKIT_URL || !LIVEKIT_API_KEY || !LIVEKIT_API_SECRET) return null;
  return { url: LIVEKIT_URL, apiKey: LIVEKIT_API_KEY, apiSecret: LIVEKIT_API_SECRET };
}

const ROOM_PREFIX = "parley-";
export const TOKEN_TTL_SECONDS = 15 * 60;

/** Each conversation gets a fresh room: a token's agent dispatch only applies when the room is created. */
export const roomNameFor = (conversationId: string) => `${ROOM_PREFIX}${conversationId}`;

export function conversationIdFromRoom(roomName: string): string | null {
  return roomName.startsWith(ROOM_PREFIX) ? roomName.slice(ROOM_PREFIX.length) : null;
}

/**
 * A join token for the learner: audio and data only (no camera, no screen), short-lived,
 * and dispatching the persona agent with the conversation id (ids only; the agent asks the app for the persona).
 */
export async function mintRoomToken(
  config: LiveKitConfig,
  input: { conversationId: string; user: { id: string; name: string }; agentName: string },
): Promise<string> {
  const at = new AccessToken(config.apiKey, config.apiSecret, {
    identity: input.user.id,
    name: input.user.name,
    ttl: TOKEN_TTL_SECONDS,
  });
  at.addGrant({
    roomJoin: true,
    room: roomNameFor(input.conversationId),
    canPublish: true,
    canPublishSources: [TrackSource.MICROPHONE],
    canPublishData: true,
    canSubscribe: true,
  });
  at.roomConfig = new RoomConfiguration({
    agents: [
      new RoomAgentDispatch({
        agentName: input.agentName,
        metadata: JSON.stringify({ conversation_id: input.conversationId }),
      }),
    ],
  });
  return at.toJwt();
}
