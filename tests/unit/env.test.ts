import { afterEach, describe, expect, it, vi } from "vitest";

import { env, resetEnv } from "@/lib/env";

import { linesMatching } from "../helpers/source-files";

describe("env()", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("parses once: later calls return the same frozen object", () => {
    resetEnv();
    const first = env();
    expect(env()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("parses again after a test writes process.env (tests/helpers/setup.ts resets it)", () => {
    vi.stubEnv("DEFAULT_CREDITS", "7");
    expect(env().DEFAULT_CREDITS).toBe(7);
    process.env.DEFAULT_CREDITS = "9";
    expect(env().DEFAULT_CREDITS).toBe(9);
    delete process.env.DEFAULT_CREDITS;
    expect(env().DEFAULT_CREDITS).toBe(50);
  });
});

// Where a variable may still be read from process.env, and why. NODE_ENV is allowed everywhere:
// Next.js inlines it at build time, so it is a constant of the build, not configuration.
const RAW_READS_ALLOWED: Record<string, string> = {
  "lib/env.ts": "the one parser",
  "db/index.ts": "db/ never imports lib/ at run time; read once when the client opens",
  "agent/config.ts": "the agent process parses its own variables with its own schema",
  "lib/ai/capabilities.ts": "shouldCheckAtStart takes the source as a parameter and detects the test runner (VITEST)",
  "lib/grading/cli.ts": "owned by the grading rebuild (issue 18): DATABASE_URL for the CLI's cache",
};

describe("configuration is read through env()", () => {
  it("no layer reads process.env directly outside the allowed files", () => {
    expect(linesMatching(/process\.env\b(?!\.NODE_ENV\b)/, RAW_READS_ALLOWED)).toEqual([]);
  });
});
