/**
 * What reading the configuration costs per call: env() parses process.env with zod once, at first
 * use, in every mode (tests that change a variable make it parse again: tests/helpers/setup.ts).
 *   node --conditions=react-server --import tsx bench/env-cost.ts [n]; NODE_ENV=production node --conditions=react-server --import tsx bench/env-cost.ts [n]
 */
import { env } from "@/lib/env";

const n = Number(process.argv[2] ?? 50_000);
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
for (let i = 0; i < 2000; i++) env(); // warm up
const t0 = performance.now();
for (let i = 0; i < n; i++) env();
const us = ((performance.now() - t0) / n) * 1000;
console.log(`NODE_ENV=${process.env.NODE_ENV ?? "(unset)"}: env() ${us.toFixed(2)} µs per call (${n} calls)`);
