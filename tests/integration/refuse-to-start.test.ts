import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { freePort } from "../helpers/free-port";
import { startNextServer } from "../helpers/next-server";

// A production server (`next start`) with a missing or weak AUTH_SECRET, or any invalid setting,
// stops at start listing every problem, and never prints the secret. Needs the production build.
const distDir = process.env.NEXT_DIST_DIR || ".next";
const built = existsSync(path.join(process.cwd(), distDir, "BUILD_ID"));
const skip = !built
  ? `no production build in ${distDir}`
  : process.env.TEST_DATABASE_URL
    ? "runs in the PGlite phase only"
    : "";

/** Runs `next start` until it exits (or 40 s pass) and returns its exit code and everything it printed. */
async function startUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: distDir,
        PGLITE_DIR: "memory://",
        DATABASE_URL: "",
        SEED_DEMO_DATA: "false",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on("data", (chunk: Buffer) => (output += String(chunk)));
  const timer = setTimeout(() => child.kill("SIGKILL"), 40_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

describe.skipIf(skip)(`next start refuses a bad configuration${skip ? ` (skipped: ${skip})` : ""}`, () => {
  it("exits at start without AUTH_SECRET, listing every problem", async () => {
    const { code, output } = await startUntilExit({ AUTH_SECRET: "", SESSION_TTL_HOURS: "a week" });
    expect(code).toBe(1);
    expect(output).toContain("Parley will not start: 2 configuration problems.");
    expect(output).toContain("- AUTH_SECRET is not set");
    expect(output).toContain("- SESSION_TTL_HOURS: ");
  }, 60_000);

  it("exits at start with a weak AUTH_SECRET and never prints it", async () => {
    const weak = "tiny-secret-w3ak";
    const { code, output } = await startUntilExit({ AUTH_SECRET: weak, GRADING_MAX_ATTEMPTS: "0" });
    expect(code).toBe(1);
    expect(output).toContain("Parley will not start: 2 configuration problems.");
    expect(output).toContain("- AUTH_SECRET is shorter than 32 characters");
    expect(output).toContain("- GRADING_MAX_ATTEMPTS: ");
    expect(output).not.toContain(weak);
  }, 60_000);

  it("exits at start with a published placeholder as AUTH_SECRET and never prints it", async () => {
    const placeholder = "your-secret-key-at-least-32-characters-long";
    const { code, output } = await startUntilExit({ AUTH_SECRET: placeholder });
    expect(code).toBe(1);
    expect(output).toContain("Parley will not start: 1 configuration problem.");
    expect(output).toContain("- AUTH_SECRET is a published placeholder");
    expect(output).not.toContain(placeholder);
  }, 60_000);

  it("starts and answers with a good configuration", async () => {
    const port = await freePort();
    const server = await startNextServer({
      port,
      distDir,
      env: { AUTH_SECRET: "Zr4mQ9vT2xLk7pWn1cHs8bYd3gJf6uEa0RiOoPq5", PGLITE_DIR: "memory://", DATABASE_URL: "" },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      server.kill("SIGKILL");
    }
  }, 60_000);
});
