import "server-only";

/**
 * A bounded, in-process cache of assembled organisation statistics, keyed by (organisation, version
 * of its statistics, query flags). The version is read from the database on every request (one
 * primary-key row kept by triggers in the writing transaction, migration 0008), so an entry is never
 * served after a change, by any instance: a change makes a new key and the old entry is dropped.
 *
 * Entries hold the frozen object (the organisation page renders it), its JSON and the encoded body
 * the API sends as it is. Concurrent misses for one key share one computation. Least recently used entries go
 * first once the estimated size passes the bound.
 */
type CachedValue<T> = {
  value: T;
  json: string;
  /** The whole response body, encoded once per wrapper (e.g. the organisation's name) and reused. */
  body?: { key: string; blob: Blob };
};

type Entry<T> = { org: string; version: number; cached: CachedValue<T>; bytes: number };

/** About 1.5 MB per 1,300-member organisation and flag: a few organisations' answers. */
const STATS_CACHE_MAX_BYTES = 8 * 1024 * 1024;

export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<CachedValue<T>>>();
  private bytes = 0;

  constructor(private readonly maxBytes = STATS_CACHE_MAX_BYTES) {}

  /** The cached answer for this key, or `compute()`'s, stored under it (unless it alone passes the bound). */
  async get(key: { org: string; version: number; flags: string }, compute: () => Promise<T>): Promise<CachedValue<T>> {
    const id = `${key.org}|${key.version}|${key.flags}`;
    const hit = this.entries.get(id);
    if (hit) {
      // Most recently used last (Map keeps insertion order).
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.cached;
    }
    const running = this.pending.get(id);
    if (running) return running;
    const promise = compute()
      .then((value) => {
        const cached = { value: deepFreeze(value), json: JSON.stringify(value) };
        this.store(id, key, cached);
        return cached;
      })
      .finally(() => this.pending.delete(id));
    this.pending.set(id, promise);
    return promise;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(id: string, key: { org: string; version: number }, cached: CachedValue<T>) {
    // The JSON string, the object graph and the encoded body: about five bytes per character of JSON.
    const bytes = cached.json.length * 5;
    if (bytes > this.maxBytes) return;
    // Older versions of this organisation will not be asked for again (the version moved on).
    for (const [other, entry] of this.entries) {
      if (entry.org === key.org && entry.version !== key.version) this.remove(other, entry);
    }
    const previous = this.entries.get(id);
    if (previous) this.remove(id, previous);
    this.entries.set(id, { org: key.org, version: key.version, cached, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  private remove(id: string, entry: Entry<T>) {
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

/** Shared between callers, so nobody may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
