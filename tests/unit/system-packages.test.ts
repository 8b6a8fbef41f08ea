import { readFileSync } from "node:fs";

import { afterEach, describe, expect, it, vi } from "vitest";

// @ts-expect-error a plain .mjs script without type declarations
import { installCommand, missingPackages, SYSTEM_PACKAGES } from "../../scripts/system-packages.mjs";

const read = (file: string) => readFileSync(file, "utf8");

describe("Debian packages the tests use", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("are named per phase: a missing Chromium fails e2e only", () => {
    vi.stubEnv("CHROMIUM_PATH", "/nowhere/chromium");
    expect(missingPackages(["e2e"])).toEqual(["chromium"]);
    expect(missingPackages(["unit"])).not.toContain("chromium");
    expect(missingPackages()).toContain("chromium");
  });

  it("come with the command that installs them", () => {
    expect(installCommand(["espeak-ng", "sox"])).toMatch(/^(sudo )?apt-get install -y espeak-ng sox$/);
  });

  it("are installed by setup and CI, and only checked by npm test", () => {
    expect(SYSTEM_PACKAGES.map((p: { name: string }) => p.name)).toEqual(["espeak-ng", "sox", "chromium"]);
    expect(read("scripts/setup.mjs")).toContain("installSystemPackages()");
    expect(read(".ci/run")).toContain("node scripts/system-packages.mjs install");
    expect(read("scripts/test.mjs")).not.toMatch(/apt-get|installSystemPackages/);
  });
});
