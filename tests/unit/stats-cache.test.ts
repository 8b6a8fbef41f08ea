import { describe, expect, it } from "vitest";

import { VersionedCache } from "@/lib/organizations/stats-cache";

const value = (n: number, size = 10) => ({ n, pad: "x".repeat(size) });

describe("VersionedCache", () => {
  it("computes once per key and serves the stored, frozen value and its JSON after", async () => {
    const cache = new VersionedCache<{ n: number; pad: string }>();
    let calls = 0;
    const compute = async () => value(++calls);
    const a = await cache.get({ org: "o1", version: 1, flags: "f" }, compute);
    const b = await cache.get({ org: "o1", version: 1, flags: "f" }, compute);
    expect(calls).toBe(1);
    expect(b).toBe(a);
    expect(a.json).toBe(JSON.stringify(a.value));
    expect(Object.isFrozen(a.value)).toBe(true);
    // Another flag or another version is another answer.
    await cache.get({ org: "o1", version: 1, flags: "g" }, compute);
    await cache.get({ org: "o1", version: 2, flags: "f" }, compute);
    expect(calls).toBe(3);
  });

  it("shares one computation between concurrent misses, and forgets a failed one", async () => {
    const cache = new VersionedCache<{ n: number; pad: string }>();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      calls++;
      await gate;
      return value(calls);
    };
    const both = Promise.all([
      cache.get({ org: "o", version: 1, flags: "" }, compute),
      cache.get({ org: "o", version: 1, flags: "" }, compute),
    ]);
    release();
    const [x, y] = await both;
    expect(calls).toBe(1);
    expect(y).toBe(x);

    await expect(
      cache.get({ org: "o", version: 2, flags: "" }, async () => Promise.reject(new Error("database down"))),
    ).rejects.toThrow("database down");
    expect((await cache.get({ org: "o", version: 2, flags: "" }, async () => value(7))).value.n).toBe(7);
  });

  it("drops an organisation's older versions when a newer one is stored", async () => {
    const cache = new VersionedCache<{ n: number; pad: string }>();
    await cache.get({ org: "o", version: 1, flags: "a" }, async () => value(1));
    await cache.get({ org: "o", version: 1, flags: "b" }, async () => value(2));
    await cache.get({ org: "p", version: 1, flags: "a" }, async () => value(3));
    expect(cache.size.entries).toBe(3);
    await cache.get({ org: "o", version: 2, flags: "a" }, async () => value(4));
    expect(cache.size.entries).toBe(2);
  });

  it("keeps its estimated size under the bound, evicting the least recently used first", async () => {
    // Each entry's JSON is about 1,000 characters: about 5,000 estimated bytes.
    const cache = new VersionedCache<{ n: number; pad: string }>(10_000);
    let calls = 0;
    const get = (org: string) => cache.get({ org, version: 1, flags: "" }, async () => value(++calls, 980));
    await get("a");
    await get("b");
    await get("a"); // a is now the most recently used
    await get("c"); // over the bound: b goes
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(calls).toBe(3);
    await get("a");
    expect(calls).toBe(3);
    await get("b");
    expect(calls).toBe(4);
    // An answer larger than the whole bound is returned but not kept.
    const huge = await cache.get({ org: "h", version: 1, flags: "" }, async () => value(99, 5_000));
    expect(huge.value.n).toBe(99);
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
  });
});
