import { TokenVerifier } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";

import { conversationIdFromRoom, mintRoomToken, roomNameFor, TOKEN_TTL_SECONDS } from "@/lib/rooms/livekit";

const config = { url: "wss://media.example", apiKey: "devkey", apiSecret: "a-secret-that-is-long-enough-0123456789" };
const conversationId = "3f1c2a64-9d0e-4b8f-a3c1-5e6f7a8b9c0d";
const user = { id: "11111111-2222-4333-8444-555555555555", name: "Maya Member" };

async function claimsOf() {
  const jwt = await mintRoomToken(config, { conversationId, user, agentName: "parley-persona" });
  return new TokenVerifier(config.apiKey, config.apiSecret).verify(jwt);
}

describe("LiveKit room token", () => {
  it("joins a room of its own as the learner", async () => {
    const claims = await claimsOf();
    expect(claims.sub).toBe(user.id);
    expect(claims.name).toBe("Maya Member");
    expect(claims.video?.room).toBe(`parley-${conversationId}`);
    expect(claims.video?.roomJoin).toBe(true);
  });

  it("may publish the microphone and data but no camera or screen", async () => {
    const { video } = await claimsOf();
    expect(video?.canPublish).toBe(true);
    expect(video?.canPublishSources).toEqual(["microphone"]);
    expect(video?.canPublishData).toBe(true);
    expect(video?.canSubscribe).toBe(true);
    expect(video?.roomAdmin).toBeFalsy();
    expect(video?.roomCreate).toBeFalsy();
  });

  it("dispatches the persona agent with only the conversation id", async () => {
    const claims = (await claimsOf()) as { roomConfig?: { agents?: { agentName: string; metadata: string }[] } };
    expect(claims.roomConfig?.agents).toHaveLength(1);
    expect(claims.roomConfig!.agents![0].agentName).toBe("parley-persona");
    expect(JSON.parse(claims.roomConfig!.agents![0].metadata)).toEqual({ conversation_id: conversationId });
  });

  it("expires after a limited lifetime", async () => {
    const before = Math.floor(Date.now() / 1000);
    const claims = await claimsOf();
    expect(claims.exp! - before).toBeGreaterThanOrEqual(TOKEN_TTL_SECONDS - 2);
    expect(claims.exp! - before).toBeLessThanOrEqual(TOKEN_TTL_SECONDS + 2);
  });

  it("is refused when signed with another secret", async () => {
    const jwt = await mintRoomToken(config, { conversationId, user, agentName: "parley-persona" });
    await expect(new TokenVerifier(config.apiKey, "another-secret-another-secret-000").verify(jwt)).rejects.toThrow();
  });

  it("maps room names back to conversation ids", () => {
    expect(conversationIdFromRoom(roomNameFor(conversationId))).toBe(conversationId);
    expect(conversationIdFromRoom("someone-elses-room")).toBeNull();
  });
});
