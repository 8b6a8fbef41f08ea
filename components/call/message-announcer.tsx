"use client";

import { useEffect, useRef, useState } from "react";

import type { ChatEntry } from "./chat-grouping";

/** How long a streamed reply must stay unchanged before it is read out (it grows word by word). */
const SETTLE_MS = 800;

/**
 * A polite live region that reads each new message from the other side once, when it has
 * stopped changing: screen reader users hear the persona's replies whether or not the chat is open.
 */
export function MessageAnnouncer({ entries }: { entries: ChatEntry[] }) {
  const [said, setSaid] = useState("");
  const announced = useRef<Set<string> | null>(null);

  const latest = entries.findLast((e) => !e.from.isLocal && !e.interim && e.message.trim());
  useEffect(() => {
    // Whatever is on screen when the call opens (a rejoin) is history, not news.
    if (announced.current === null) {
      announced.current = new Set(entries.filter((e) => !e.from.isLocal).map((e) => e.id));
      return;
    }
    if (!latest || announced.current.has(latest.id)) return;
    const timer = setTimeout(() => {
      announced.current!.add(latest.id);
      setSaid(`${latest.from.name}: ${latest.message}`);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [entries, latest]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="message-announcer">
      {said}
    </div>
  );
}
