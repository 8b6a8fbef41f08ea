import { describe, expect, it } from "vitest";
import { blockedFor, clientAddress, hit, reset } from "@/lib/rate-limit";

describe("rate limits", () => {
  it("allows `limit` hits per window, then tells how long to wait, then resets", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(hit("k1", 3, 60_000, t0)).toBeNull();
    expect(hit("k1", 3, 60_000, t0 + 1_000)).toBe(59);
    expect(blockedFor("k1", 3, 60_000, t0 + 1_000)).toBe(59);
    expect(hit("k1", 3, 60_000, t0 + 60_001)).toBeNull();
  });

  it("blockedFor only looks and reset forgets", () => {
    expect(blockedFor("k2", 1, 1000, 5)).toBeNull();
    expect(blockedFor("k2", 1, 1000, 5)).toBeNull();
    hit("k2", 1, 1000, 5);
    expect(blockedFor("k2", 1, 1000, 6)).toBe(1);
    reset("k2");
    expect(blockedFor("k2", 1, 1000, 6)).toBeNull();
  });

  it("reads the client address from the nearest proxy", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" }))).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientAddress(new Headers())).toBe("local");
  });
});
