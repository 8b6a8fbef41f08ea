export type ChatEntry = {
  id: string;
  message: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  from: { name: string; identity: string; isLocal: boolean };
  /** A live transcript segment that may still change (the learner's speech, before the final transcript). */
  interim?: boolean;
  /** Files sent with a chat message. */
  attachedFiles?: File[];
  /** A short label under the message, e.g. "Offline persona" on a reply the offline persona wrote in place of the model. */
  label?: string;
};

type GroupedEntry = ChatEntry & { hideName: boolean; hideTimestamp: boolean };

const TIMESTAMP_GAP_MS = 60_000;

/** Consecutive messages from one sender hide the name; within 60 s also the timestamp. */
export function groupEntries(entries: ChatEntry[]): GroupedEntry[] {
  return entries.map((entry, i) => {
    const prev = entries[i - 1];
    const hideName = !!prev && prev.from.identity === entry.from.identity;
    return { ...entry, hideName, hideTimestamp: hideName && entry.timestamp - prev.timestamp < TIMESTAMP_GAP_MS };
  });
}
