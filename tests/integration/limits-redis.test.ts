import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as join } from "@/app/api/public/waitlist/route";
import { getDb } from "@/db";
import { rateLimits } from "@/db/schema";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";

// Issue 15.2 with REDIS_URL: the counters live in Redis (shared by every instance), not in the
// database. Runs when TEST_REDIS_URL points at a Redis server (npm test passes it when one answers).
const url = process.env.TEST_REDIS_URL;
const from = (ip: string) => ({ "x-forwarded-for": ip });

describe.skipIf(!url)("limits in Redis", () => {
  let other: Redis;
  beforeAll(async () => {
    process.env.REDIS_URL = url;
    other = new Redis(url!); // stands for a second app instance's connection
    await resetAll();
  });
  afterAll(async () => {
    await resetAll();
    await other.quit();
    const g = globalThis as unknown as { parleyRedis?: Redis };
    await g.parleyRedis?.quit();
    delete process.env.REDIS_URL;
  });

  it("counts sign-in failures and waitlist attempts in Redis under hashed keys", async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await call(signin, {
            body: { email: "redis@example.com", password: `bad-${i}-pass` },
            headers: from("203.0.113.31"),
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await call(signin, {
          body: { email: "redis@example.com", password: "bad-x-pass" },
          headers: from("203.0.113.31"),
        })
      ).status,
    ).toBe(429);
    for (let i = 0; i < 20; i++)
      expect((await call(join, { body: { email: `r${i}@example.com` }, headers: from("203.0.113.32") })).status).toBe(
        200,
      );
    expect((await call(join, { body: { email: "r-over@example.com" }, headers: from("203.0.113.32") })).status).toBe(
      429,
    );

    const keys = await other.keys("rl:*");
    expect(keys.some((k) => k.startsWith("rl:signinAccountAddress:"))).toBe(true);
    expect(keys.some((k) => k.startsWith("rl:waitlistAddress:"))).toBe(true);
    expect(keys.join(" ")).not.toContain("redis@example.com");
    expect(await (await getDb()).select().from(rateLimits)).toEqual([]);
  });
});
