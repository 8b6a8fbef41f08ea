#!/usr/bin/env node
// `npm run setup`: install (npm and Debian packages), create .env.local with a random AUTH_SECRET,
// build, and serve Parley on the embedded database (PGlite in .data/pglite), seeded with demo data on
// first start.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { ensureRecentNode } from "./node-version.mjs";
import { installSystemPackages } from "./system-packages.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

// Node 22 LTS or later: on an older Node this says what to install, then goes on under Node 22.
await ensureRecentNode("npm run setup");

function step(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const code = spawnSync(cmd, args, { stdio: "inherit", env }).status;
  if (code !== 0) process.exit(code ?? 1);
}

if (!existsSync("node_modules/.package-lock.json")) step("npm", ["install", "--no-audit", "--no-fund"]);

// The Debian packages the tests use (espeak-ng, sox, Chromium); the app runs without them, so a machine
// where they cannot be installed still gets its demo.
if (!installSystemPackages()) console.log("Going on without them: `npm test` will name what is missing.");

const envFile = path.join(root, ".env.local");
const current = existsSync(envFile) ? readFileSync(envFile, "utf8") : "";
if (!/^AUTH_SECRET=\S+/m.test(current)) {
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(envFile, `${current}${current && !current.endsWith("\n") ? "\n" : ""}AUTH_SECRET=${secret}\n`);
  console.log("Created .env.local with a random AUTH_SECRET.");
}

// The local demo is seeded with demo accounts (SEED_DEMO_DATA defaults to off everywhere else).
const withSecret = readFileSync(envFile, "utf8");
if (!/^SEED_DEMO_DATA=/m.test(withSecret)) {
  writeFileSync(envFile, `${withSecret}${withSecret.endsWith("\n") ? "" : "\n"}SEED_DEMO_DATA=true\n`);
  console.log("Turned on the demo data (SEED_DEMO_DATA=true) in .env.local.");
}

step("npx", ["next", "build"]);

const port = process.env.PORT || "3000";
const host = process.env.HOSTNAME || "127.0.0.1";
console.log(`\nStarting Parley on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
console.log(
  "Demo accounts (password: practice-parley): dev@parley.local, admin@parley.local, member.a@parley.local, member.b@parley.local\n",
);
const server = spawn("npx", ["next", "start", "-p", port, "-H", host], { stdio: "inherit", env });
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
