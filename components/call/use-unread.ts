"use client";

import { useEffect, useRef, useState } from "react";
import type { ChatEntry } from "./chat-grouping";

/**
 * The chat toggle's unread count: messages from the other side that arrived while the panel was
 * closed. Counted by id, so a reply that streams in word by word counts once.
 */
export function useUnread(entries: ChatEntry[], open: boolean) {
  const [unread, setUnread] = useState(0);
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    const known = (seen.current ??= new Set(entries.map((e) => e.id)));
    let fresh = 0;
    for (const e of entries) {
      if (known.has(e.id)) continue;
      known.add(e.id);
      if (!e.from.isLocal) fresh++;
    }
    if (open) setUnread(0);
    else if (fresh > 0) setUnread((n) => n + fresh);
  }, [entries, open]);

  return unread;
}
