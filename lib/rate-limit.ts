/**
 * Fixed-window counters held in this server process. Parley runs as one Node
 * process per deployment; with several instances each would count on its own,
 * which keeps the limits loose rather than wrong.
 */
type Window = { count: number; resetAt: number };

const buckets = new Map<string, Window>();
let lastSweep = 0;

function sweep(now: number) {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, w] of buckets) if (w.resetAt <= now) buckets.delete(key);
}

function current(key: string, windowMs: number, now: number): Window {
  sweep(now);
  let w = buckets.get(key);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + windowMs };
    buckets.set(key, w);
  }
  return w;
}

/** Counts one hit; returns the seconds to wait when the limit is already used up. */
export function hit(key: string, limit: number, windowMs: number, now = Date.now()): number | null {
  const w = current(key, windowMs, now);
  if (w.count >= limit) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  w.count += 1;
  return null;
}

/** Like `hit` but only looks: for limits that count failures after the fact. */
export function blockedFor(key: string, limit: number, windowMs: number, now = Date.now()): number | null {
  const w = current(key, windowMs, now);
  return w.count >= limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : null;
}

export function reset(key: string) {
  buckets.delete(key);
}

export function resetAll() {
  buckets.clear();
}

/** The caller's address as the nearest proxy reports it. */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "local";
}
