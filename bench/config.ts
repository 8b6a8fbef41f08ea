/** Shared settings of the benchmark: one place for the database, ports and bench accounts. */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const BENCH_DB = process.env.BENCH_DB ?? "parley_bench";
export const BENCH_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${BENCH_DB}`);

export const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3400);
export const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3401);
export const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench";
export const AUTH_SECRET = process.env.BENCH_AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123";

/** Every generated account shares this password (one precomputed argon2 hash). */
export const BENCH_PASSWORD = "bench-practice-parley";
export const MEMBER_EMAIL = "member@bench.parley.example";
export const ADMIN_EMAIL = "admin@bench.parley.example";
export const DEV_EMAIL = "dev@bench.parley.example";

export const SCALE = {
  organizations: 20,
  users: 5_000,
  personas: 300,
  conversations: Number(process.env.BENCH_CONVERSATIONS ?? 200_000),
  days: 182,
};

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
export const SOAK_S = Number(process.env.BENCH_SOAK ?? 300);
