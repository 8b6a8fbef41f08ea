import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// @ts-expect-error a plain .mjs script without type declarations
import { FALLBACK_NODE, isRecentEnough, MIN_NODE, upgradeAdvice } from "../../scripts/node-version.mjs";

const read = (file: string) => readFileSync(path.join(process.cwd(), file), "utf8");

// The dependencies need Node >= 22.22 (machina, bundled into livekit-client). Every place that
// names the version says the same, and the check behind npm test and npm run setup agrees.
describe("the Node version Parley needs", () => {
  it("is named alike by engines, .nvmrc, the README and the check", () => {
    expect(MIN_NODE).toEqual([22, 22]);
    expect(JSON.parse(read("package.json")).engines.node).toBe(">=22.22");
    expect(read(".nvmrc").trim()).toBe("22");
    expect(read("README.md")).toContain("Node 22 LTS or later (22.22 at least");
  });

  it("covers what the installed dependencies ask for", () => {
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    for (const [where, entry] of Object.entries(lock.packages)) {
      const floor = entry.engines?.node?.match(/^>=\s*v?(\d+)(?:\.(\d+))?/);
      if (!floor) continue;
      const [major, minor = "0"] = floor.slice(1);
      const ok = Number(major) < MIN_NODE[0] || (Number(major) === MIN_NODE[0] && Number(minor) <= MIN_NODE[1]);
      expect(ok, `${where || "package.json"} wants node ${entry.engines!.node}`).toBe(true);
    }
  });

  const cases: [string, boolean][] = [
    ["v20.20.2", false],
    ["v22.21.9", false],
    ["v22.22.0", true],
    ["22.23.3", true],
    ["v24.1.0", true],
    ["v26.10.0", true],
  ];
  for (const [version, ok] of cases) {
    it(`${version} is ${ok ? "" : "not "}recent enough`, () => expect(isRecentEnough(version)).toBe(ok));
  }

  it("falls back to a Node that passes, and tells an old Node what to install", () => {
    expect(isRecentEnough(FALLBACK_NODE)).toBe(true);
    expect(upgradeAdvice("v20.20.2")).toMatch(/needs Node 22\.22 or later.*this is Node v20\.20\.2[\s\S]*nvm install/);
  });
});
