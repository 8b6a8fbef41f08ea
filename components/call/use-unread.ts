"use client";

import { useCallback, useState } from "react";

import type { ChatEntry } from "./chat-grouping";

/**
 * The chat toggle's unread count: messages from the other side that arrived while the panel was
 * closed. Counted by id, so a reply that streams in word by word counts once. Call markAllRead when
 * the panel opens or closes (everything on screen so far has been seen).
 */
export function useUnread(entries: ChatEntry[], open: boolean) {
  const [read, setRead] = useState(() => new Set(entries.map((e) => e.id)));
  const unread = open ? 0 : entries.filter((e) => !e.from.isLocal && !read.has(e.id)).length;
  const markAllRead = useCallback(() => setRead(new Set(entries.map((e) => e.id))), [entries]);
  return { unread, markAllRead };
}
