#!/usr/bin/env node
// `npm test`: installs the npm packages the tests need, checks the Debian ones (`npm run setup` installs
// those), builds, runs every suite and prints one closing line `N passed, N failed` (CI reads that line
// and the exit code only).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

import { ensureRecentNode } from "./node-version.mjs";
import { installCommand, missingPackages } from "./system-packages.mjs";
import { playwrightFailures, vitestFailures } from "./test-report.mjs";

// On a Node older than package.json's engines, the whole run moves to Node 22 (see node-version.mjs).
await ensureRecentNode("npm test");

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const out = path.join(root, "test-results");
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // optional: lint | unit | pg | e2e
const wants = (phase) => only.length === 0 || only.includes(phase);
const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd, args, env = baseEnv) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  return spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
}

function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const stale =
    !existsSync(marker) || statSync(marker).mtimeMs < statSync(path.join(root, "package-lock.json")).mtimeMs;
  if (stale && run("npm", ["install", "--no-audit", "--no-fund"]) !== 0) process.exit(1);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedPhases = [];
const failures = [];

function countVitest(file, label) {
  try {
    const r = JSON.parse(readFileSync(file, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed +=
      r.numFailedTests + (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
    totals.skipped += r.numPendingTests + r.numTodoTests;
    failures.push(...vitestFailures(r, label, root));
  } catch {
    totals.failed += 1;
    console.error(`${label}: no results were written`);
  }
}

function vitest(label, args, env) {
  const file = path.join(out, `vitest-${label}.json`);
  rmSync(file, { force: true });
  const code = run(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${file}`, ...args],
    env,
  );
  countVitest(file, label);
  if (code !== 0) failedPhases.push(label);
}

ensureInstalled();

/** Whether the Debian packages `phase` needs are there; if not, says which and how to install them, and fails the phase. */
function systemPackagesFor(phase) {
  const missing = missingPackages([phase]);
  if (!wants(phase) || missing.length === 0) return true;
  const why = `${phase}: needs ${missing.join(", ")}, not installed here: run \`npm run setup\` or \`${installCommand(missing)}\``;
  console.error(`\n${why}`);
  failures.push(why);
  totals.failed += 1;
  failedPhases.push(`${phase} (missing ${missing.join(", ")})`);
  return false;
}
const ready = { unit: systemPackagesFor("unit"), e2e: systemPackagesFor("e2e") };

const pgliteEnv = { ...baseEnv };
delete pgliteEnv.DATABASE_URL;
delete pgliteEnv.TEST_DATABASE_URL;
delete pgliteEnv.TEST_REDIS_URL;

// (next build type-checks the whole tree below.)
if (wants("lint")) {
  // ESLint (layers, import order, React and Next rules) and Prettier's check count as one check.
  const eslint = run("npx", ["eslint", "."]);
  const prettier = run("npx", ["prettier", "--check", "."]);
  if (eslint === 0 && prettier === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failedPhases.push("lint");
  }
}

const distDir = process.env.NEXT_DIST_DIR || ".next";
let built = false;
if ((wants("unit") && ready.unit) || (wants("e2e") && ready.e2e)) {
  const buildEnv = { ...pgliteEnv, NEXT_DIST_DIR: distDir, PGLITE_DIR: "memory://", SEED_DEMO_DATA: "false" };
  built = run("npx", ["next", "build"], buildEnv) === 0;
  if (!built) {
    totals.failed += 1;
    failedPhases.push("build");
  }
}

if (wants("unit") && ready.unit) vitest("pglite", [], { ...pgliteEnv, NEXT_DIST_DIR: distDir });

/** True when a Redis server answers PING at this URL within a second (the Redis limit tests need one). */
async function redisAnswers(url) {
  const { connect } = await import("node:net");
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || "127.0.0.1", port: Number(port) || 6379 });
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d) => done(String(d).startsWith("+PONG")));
  });
}

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (wants("pg") && pgUrl) {
  // The same integration tests against the PostgreSQL server, a fresh database per test file;
  // with a Redis server at hand, the Redis limit tests run too.
  const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const redis = (await redisAnswers(redisUrl)) ? { TEST_REDIS_URL: redisUrl } : {};
  vitest("postgres", ["tests/integration"], { ...pgliteEnv, TEST_DATABASE_URL: pgUrl, ...redis });
} else if (wants("pg")) {
  console.log("\nDATABASE_URL is not set: skipping the PostgreSQL run of the integration tests.");
}

if (wants("e2e") && ready.e2e && built) {
  const file = path.join(out, "playwright.json");
  rmSync(file, { force: true });
  const code = run("npx", ["playwright", "test", "--reporter=list,json"], {
    ...pgliteEnv,
    NEXT_DIST_DIR: distDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const s = report.stats;
    failures.push(...playwrightFailures(report));
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (s.expected + s.unexpected + s.flaky === 0) totals.failed += 1;
  } catch {
    totals.failed += 1;
  }
  if (code !== 0) failedPhases.push("e2e");
}

if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join("\n")}`);
if (failedPhases.length) console.log(`\nFailed: ${failedPhases.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || failedPhases.length ? 1 : 0);
