/**
 * What the session token costs per request: encode once, then decode it N times in a row
 * (what every authenticated request does) against a JSON.parse of the same claims.
 *   AUTH_SECRET=... node --conditions=react-server --import tsx bench/token-cost.ts [n]
 */
import { decodeSessionToken, encodeSessionToken } from "@/lib/auth/tokens";

process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
const n = Number(process.argv[2] ?? 2000);
const claims = {
  sub: "7d3c1f9e-1111-4aaa-8bbb-123456789abc",
  sid: "8e4d2a0f-2222-4ccc-9ddd-abcdef012345",
  name: "Bench Member",
  email: "member@bench.parley.example",
};
const token = await encodeSessionToken(claims, 3600);
for (let i = 0; i < 200; i++) await decodeSessionToken(token); // warm up
let t0 = performance.now();
for (let i = 0; i < n; i++) await decodeSessionToken(token);
const decodeUs = ((performance.now() - t0) / n) * 1000;
const json = JSON.stringify(claims);
t0 = performance.now();
for (let i = 0; i < n; i++) JSON.parse(json);
const parseUs = ((performance.now() - t0) / n) * 1000;
console.log(
  `decodeSessionToken: ${decodeUs.toFixed(0)} µs per call (${n} calls, token ${token.length} chars); a cached lookup would cost about ${parseUs.toFixed(1)} µs`,
);
