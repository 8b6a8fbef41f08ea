import "server-only";

import { createHash } from "node:crypto";

import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

import { type Database, getDb } from "@/db";
import { deleteAllRateLimits } from "@/db/queries/rate-limits";
import { rateLimits } from "@/db/schema";
import { hookToken, PEER_HEADER } from "@/lib/client-address-hook";
import { env } from "@/lib/env";

/**
 * Every rate limit and sign-in lockout, counted by rate-limiter-flexible in a store every app
 * instance shares and a restart keeps: the `rate_limits` table (PostgreSQL or PGlite, one atomic
 * INSERT ... ON CONFLICT per attempt), or Redis when REDIS_URL is set (one Lua script per attempt).
 * `take` reserves an attempt before the work it guards, so parallel requests cannot overshoot.
 */
export const LIMITS = {
  /** Sign-in attempts for one account from one address: the strict lockout. */
  signinAccountAddress: { points: 10, duration: 15 * 60 },
  /** Sign-in attempts for one account from everywhere: a looser ceiling against spraying from many addresses. */
  signinAccount: { points: 100, duration: 15 * 60 },
  /** Sign-in attempts from one address for any account (a classroom may share one address). */
  signinAddress: { points: 300, duration: 15 * 60 },
  signupAddress: { points: 100, duration: 60 * 60 },
  /** One limit for POST /api/public/waitlist and the waitlist form's server action. */
  waitlistAddress: { points: 20, duration: 10 * 60 },
  /** Join-code tries by one account: room for typos, none for guessing. */
  joinCodeUser: { points: 10, duration: 15 * 60 },
  /** Join-code tries from one address, for any account (a classroom joining at once shares one). */
  joinCodeAddress: { points: 200, duration: 15 * 60 },
  /** Single sign-on starts from one address (each one calls the identity provider): as loose as sign-in's. */
  ssoStartAddress: { points: 300, duration: 15 * 60 },
  /** Single sign-on callbacks from one address (each one may call the identity provider's token endpoint). */
  ssoCallbackAddress: { points: 300, duration: 15 * 60 },
  /** LMS launches from one address (each login stores a state; a lecture hall behind one address launches at once). */
  ltiLaunchAddress: { points: 1000, duration: 15 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

type LimitName = keyof typeof LIMITS;

type Store = { kind: "redis"; client: Redis } | { kind: "db"; db: Database };

const globalForLimits = globalThis as unknown as {
  parleyRedis?: Redis;
  parleyLimiters?: WeakMap<object, Map<LimitName, RateLimiterAbstract>>;
};

async function store(): Promise<Store> {
  const url = env().REDIS_URL;
  if (url) {
    if (!globalForLimits.parleyRedis) {
      const { Redis } = await import("ioredis");
      globalForLimits.parleyRedis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000 });
    }
    return { kind: "redis", client: globalForLimits.parleyRedis };
  }
  return { kind: "db", db: await getDb() };
}

async function limiter(name: LimitName): Promise<RateLimiterAbstract> {
  const s = await store();
  const owner = s.kind === "redis" ? s.client : s.db;
  globalForLimits.parleyLimiters ??= new WeakMap();
  let byName = globalForLimits.parleyLimiters.get(owner);
  if (!byName) globalForLimits.parleyLimiters.set(owner, (byName = new Map()));
  let l = byName.get(name);
  if (!l) {
    const opts = { keyPrefix: `rl:${name}`, ...LIMITS[name] };
    l =
      s.kind === "redis"
        ? // A Redis outage must not switch the limits off: each instance then counts in memory.
          new RateLimiterRedis({ ...opts, storeClient: s.client, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterDrizzle({ ...opts, storeClient: s.db, schema: rateLimits });
    byName.set(name, l);
  }
  return l;
}

/** Keys are hashed: the table and Redis never hold an email or an address in clear. */
const keyOf = (parts: string[]) => createHash("sha256").update(parts.join("\u0000")).digest("base64url");

/**
 * Reserves one attempt under `name` for `key`. Returns null when it is allowed, or the seconds to
 * wait when the limit is used up (the refused attempt still counts, so hammering does not help).
 */
export async function take(name: LimitName, ...key: string[]): Promise<number | null> {
  try {
    await (await limiter(name)).consume(keyOf(key));
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}

/** Forgets the attempts under `name` for `key` (a successful sign-in clears its lockout). */
export async function release(name: LimitName, ...key: string[]): Promise<void> {
  await (await limiter(name)).delete(keyOf(key));
}

/** Gives back one reserved attempt (a successful sign-in does not count against the account's ceiling). */
export async function refund(name: LimitName, ...key: string[]): Promise<void> {
  await (await limiter(name)).reward(keyOf(key), 1);
}

/** Tests only: forgets every counter of the current store. */
export async function resetAll(): Promise<void> {
  const s = await store();
  if (s.kind === "redis") {
    const keys = await s.client.keys("rl:*");
    if (keys.length) await s.client.del(...keys);
  } else {
    await deleteAllRateLimits(s.db);
  }
}

/**
 * The connecting client's address, as the rate limits key it.
 *
 * Under `next start`, Next.js fills `x-forwarded-for` with the socket's address only when the
 * request has none (`req.headers['x-forwarded-for'] ??= socket.remoteAddress` in
 * next/dist/server/base-server.js), so a client-sent value would reach us untouched.
 * `instrumentation.ts` therefore appends the socket address to the header before Next.js sees the
 * request (see `lib/client-address-hook.ts`), exactly as a reverse proxy does. The last entry is
 * then always the connecting address; with TRUSTED_PROXY_HOPS=N proxies in front of the app, the
 * client is the entry N places before it, and anything further left is the client's own claim.
 */
export function clientAddress(headers: Headers, trustedHops = env().TRUSTED_PROXY_HOPS): string {
  // Under a server with the hook, a request it did not stamp (one that arrived while the server was
  // still starting) shares one bucket rather than trusting what the client sent.
  const token = hookToken();
  if (token && headers.get(PEER_HEADER) !== token) return "unverified";
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!chain.length) return "unknown";
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}
