import { type llm, voice } from "@livekit/agents";

import type { AgentTurnPayload, AppClient } from "./app-client";

/** A finished chat message as a turn for the app; null for items that are not spoken turns. */
export function turnFromItem(item: llm.ChatMessage | llm.AgentHandoffItem): AgentTurnPayload | null {
  if (item.type !== "message" || (item.role !== "user" && item.role !== "assistant")) return null;
  const text = item.textContent?.trim();
  if (!text) return null;
  // Speaking metrics are in seconds; createdAt is in milliseconds.
  const started = item.metrics?.startedSpeakingAt ? item.metrics.startedSpeakingAt * 1000 : item.createdAt;
  const stopped = item.metrics?.stoppedSpeakingAt
    ? item.metrics.stoppedSpeakingAt * 1000
    : Math.max(item.createdAt, started);
  return {
    speaker: item.role === "user" ? "learner" : "persona",
    text: text.slice(0, 2000),
    started_at: new Date(started).toISOString(),
    ended_at: new Date(Math.max(started, stopped)).toISOString(),
    external_id: item.id,
  };
}

/**
 * Sends every finished turn to the app, in order, and ends the conversation when the session
 * closes (the learner left, or the job shut down). Returns a promise that settles after the end.
 */
export function recordTranscript(
  session: voice.AgentSession,
  conversationId: string,
  app: Pick<AppClient, "postTurn" | "end">,
  log: (message: string, err?: unknown) => void = (m, e) => console.warn(m, e ?? ""),
): Promise<void> {
  let chain = Promise.resolve();
  const enqueue = (work: () => Promise<unknown>, what: string) => {
    chain = chain.then(work).then(
      () => undefined,
      (err) => log(`[agent] ${what} failed`, err),
    );
  };
  session.on(voice.AgentSessionEventTypes.ConversationItemAdded, ({ item }) => {
    const turn = turnFromItem(item);
    if (turn) enqueue(() => app.postTurn(conversationId, turn), "posting a turn");
  });
  return new Promise((resolve) => {
    session.on(voice.AgentSessionEventTypes.Close, () => {
      enqueue(() => app.end(conversationId), "ending the conversation");
      void chain.then(resolve);
    });
  });
}
