import "server-only";

import { type WebhookEvent, WebhookReceiver } from "livekit-server-sdk";
import { z } from "zod";

import { getDb } from "@/db";
import { findConversation } from "@/db/queries/conversations";
import { endConversation } from "@/lib/conversations/service";
import { AppError, unauthorized } from "@/lib/errors";

import { conversationIdFromRoom, livekitConfig } from "./livekit";

/**
 * LiveKit's webhook, a backstop for the agent: when a conversation's room finishes, the
 * conversation ends (a no-op if the agent already ended it). Unsigned or forged bodies get 401.
 */
export async function handleLivekitWebhook(rawBody: string, authHeader: string | null) {
  const config = livekitConfig();
  if (!config) throw new AppError("unavailable:livekit", "LiveKit is not configured");
  let event: WebhookEvent;
  try {
    event = await new WebhookReceiver(config.apiKey, config.apiSecret).receive(rawBody, authHeader ?? undefined);
  } catch {
    throw unauthorized("Invalid webhook signature");
  }
  if (event.event !== "room_finished" || !event.room) return { received: event.event, ended: false };
  const id = z.uuid().safeParse(conversationIdFromRoom(event.room.name));
  if (!id.success) return { received: event.event, ended: false };
  const existing = await findConversation(await getDb(), {
    conversationId: id.data,
    scope: { roomName: event.room.name },
  });
  if (!existing) return { received: event.event, ended: false };
  await endConversation(id.data);
  return { received: event.event, ended: true };
}
