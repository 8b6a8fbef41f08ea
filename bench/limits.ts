// `npm run bench:limits`: what the shared rate limits add to sign-in and waitlist latency, per
// store (PGlite, PostgreSQL, Redis). Calls the real route handlers in this process, one request
// at a time, and the limiter alone for the same work. Bounded: a few hundred local requests.
//
// Knobs: BENCH_LIMITS_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres; "" skips),
// BENCH_LIMITS_REDIS (default redis://127.0.0.1:6379; "" skips), BENCH_LIMITS_N (default 200).
import { randomBytes } from "node:crypto";
import os from "node:os";

import { NextRequest } from "next/server";
import postgres from "postgres";

process.env.AUTH_SECRET ??= "bench-limits-secret-bench-limits-secret";

const N = Number(process.env.BENCH_LIMITS_N || 200);
const PG_ADMIN = process.env.BENCH_LIMITS_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS = process.env.BENCH_LIMITS_REDIS ?? "redis://127.0.0.1:6379";

const { closeDb, getDb } = await import("@/db");
const { take, refund, release, resetAll } = await import("@/lib/rate-limit");
const { POST: signin } = await import("@/app/api/auth/signin/route");
const { POST: join } = await import("@/app/api/public/waitlist/route");
const { insertUserWithCredits } = await import("@/db/queries/users");
const { hashPassword } = await import("@/lib/auth/password");

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function time(n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn(-1 - i); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return stats(out);
}

async function post(handler: Handler, body: unknown, ip: string) {
  const req = new NextRequest("http://127.0.0.1/api/x", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
  });
  const res = await handler(req, { params: Promise.resolve({}) });
  await res.arrayBuffer();
  return res.status;
}

type Row = { store: string; what: string; p50: number; p95: number; mean: number };
const rows: Row[] = [];

async function run(store: string) {
  const db = await getDb();
  await resetAll();
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  await insertUserWithCredits(db, {
    email,
    name: "Bench",
    passwordHash: await hashPassword("bench-limits-passphrase"),
    isDev: false,
    credits: 1,
  });
  // Each sample uses its own address so no limit is reached.
  const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const n = Math.min(N, 100); // sign-in hashes with argon2id: keep it short
  const signinLimits = await time(n, async (i) => {
    const a = ip(i + 1000);
    // As lib/auth/service.ts does it: three reservations at once, then release and refund at once.
    await Promise.all([
      take("signinAddress", a),
      take("signinAccountAddress", email, a),
      take("signinAccount", `${email}#${i}`),
    ]);
    await Promise.all([release("signinAccountAddress", email, a), refund("signinAccount", `${email}#${i}`)]);
  });
  rows.push({ store, what: "sign-in limits alone (3 reservations, then release + refund)", ...signinLimits });
  const signinAll = await time(n, async (i) => {
    const status = await post(signin as Handler, { email, password: "bench-limits-passphrase" }, ip(i + 20_000));
    if (status !== 200) throw new Error(`sign-in answered ${status}`);
  });
  rows.push({ store, what: "POST /api/auth/signin, whole handler", ...signinAll });
  await resetAll();
  const waitLimits = await time(N, (i) => take("waitlistAddress", ip(i + 40_000)));
  rows.push({ store, what: "waitlist limit alone (1 reservation)", ...waitLimits });
  const waitAll = await time(N, async (i) => {
    const status = await post(join as Handler, { email: `w${i}@example.com` }, ip(i + 60_000));
    if (status !== 200) throw new Error(`waitlist answered ${status}`);
  });
  rows.push({ store, what: "POST /api/public/waitlist, whole handler", ...waitAll });
  await resetAll();
}

// 1. PGlite (in memory)
process.env.DATABASE_URL = "";
process.env.PGLITE_DIR = "memory://";
delete process.env.REDIS_URL;
await run("PGlite (memory)");
await closeDb();

// 2. PostgreSQL
if (PG_ADMIN) {
  const name = `parley_limits_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  try {
    await run("PostgreSQL 15 (local)");
  } finally {
    await closeDb();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// 3. Redis (the database still serves the handlers; PGlite here)
if (REDIS) {
  process.env.DATABASE_URL = "";
  process.env.REDIS_URL = REDIS;
  await run("Redis (local) + PGlite");
  await closeDb();
  const g = globalThis as unknown as { parleyRedis?: { quit: () => Promise<unknown> } };
  await g.parleyRedis?.quit();
}

const f = (x: number) => x.toFixed(2);
console.log(
  `\n${new Date().toISOString()} · ${os.cpus().length} cores · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} · N=${N} (sign-in ${Math.min(N, 100)})\n`,
);
console.log("| store | what | p50 ms | p95 ms | mean ms |\n|---|---|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.store} | ${r.what} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.mean)} |`);
process.exit(0);
