"use client";

import { Send, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

import { ChatAttachments } from "./chat-attachments";
import { type ChatEntry, groupEntries } from "./chat-grouping";

type Props = {
  entries: ChatEntry[];
  onSend: (text: string) => Promise<boolean> | boolean;
  sending: boolean;
  onClose: () => void;
  disabled?: boolean;
  emptyHint?: string;
  /** Changes when the composer should take the focus (typing as the fallback for speech input). */
  focusRequest?: number;
  className?: string;
};

const sizeOf = (el: HTMLElement) => `${el.clientWidth}x${el.clientHeight}`;
const time = (ms: number) => new Date(ms).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

/** The 'Messages' panel: grouped entries and a composer that never sends blank text. */
export function ChatPanel({ entries, onSend, sending, onClose, disabled, emptyHint, focusRequest, className }: Props) {
  const [draft, setDraft] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Reading the latest lines (the list scrolled to its end) keeps them in view when the list shrinks, say as the brief opens.
  const pinned = useRef(true);
  const size = useRef("");
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => {
      size.current = sizeOf(list);
      if (pinned.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const lastText = entries.at(-1)?.message;
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [entries.length, lastText]);

  useEffect(() => {
    if (!sending) inputRef.current?.focus();
  }, [sending, focusRequest]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    if (await onSend(text)) setDraft("");
  }

  return (
    <aside
      aria-labelledby="chat-title"
      className={cn("flex min-h-0 flex-col rounded-2xl border bg-card shadow-sm", className)}
    >
      <header className="flex items-center justify-between border-b px-4 py-3">
        <h2 id="chat-title" className="font-semibold">
          Messages
        </h2>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close chat">
          <X aria-hidden />
        </Button>
      </header>
      <ol
        ref={listRef}
        aria-label="Chat messages"
        onScroll={(e) => {
          const list = e.currentTarget;
          // A scroll the browser makes while the list resizes (before the observer runs) is not the reader's.
          if (sizeOf(list) === size.current)
            pinned.current = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
        }}
        className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-4 py-3"
      >
        {entries.length === 0 && emptyHint && (
          <li className="m-auto max-w-56 text-center text-sm text-muted-foreground">{emptyHint}</li>
        )}
        {groupEntries(entries).map((entry) => (
          <li
            key={entry.id}
            data-from={entry.from.isLocal ? "me" : "them"}
            className={cn(
              "flex flex-col gap-0.5",
              entry.from.isLocal ? "items-end" : "items-start",
              !entry.hideName && "mt-2",
            )}
          >
            {(!entry.hideName || !entry.hideTimestamp) && (
              <span className="flex gap-2 text-xs text-muted-foreground">
                {!entry.hideName && <strong className="font-medium text-foreground">{entry.from.name}</strong>}
                {!entry.hideTimestamp && (
                  <time dateTime={new Date(entry.timestamp).toISOString()}>{time(entry.timestamp)}</time>
                )}
              </span>
            )}
            {entry.message && (
              <p
                data-interim={entry.interim || undefined}
                className={cn(
                  "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap",
                  entry.from.isLocal ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted",
                  // Still being transcribed: greyed and dashed, so it reads as provisional without relying on colour alone.
                  entry.interim &&
                    "border border-dashed border-muted-foreground/50 bg-muted text-muted-foreground italic",
                )}
              >
                {entry.message}
                {entry.interim && <span className="sr-only"> (still transcribing)</span>}
              </p>
            )}
            {entry.label && <span className="text-xs text-muted-foreground">{entry.label}</span>}
            {entry.attachedFiles && entry.attachedFiles.length > 0 && <ChatAttachments files={entry.attachedFiles} />}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="flex gap-2 border-t p-3">
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <Input
          id="chat-input"
          ref={inputRef}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Enter a message..."
          maxLength={2000}
          autoComplete="off"
          disabled={sending || disabled}
        />
        <Button type="submit" disabled={sending || disabled || !draft.trim()}>
          <Send aria-hidden /> Send
        </Button>
      </form>
    </aside>
  );
}
