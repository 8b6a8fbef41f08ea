import { readFileSync } from "node:fs";

import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** `npm install --omit=dev && npm run agent` must work: every package the agent imports is a dependency. */
describe("the agent's production install", () => {
  it("imports only packages listed in dependencies, and the run script's tsx is one too", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    const result = await build({
      entryPoints: ["agent/main.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      metafile: true,
      write: false,
      tsconfig: "tsconfig.json",
      logLevel: "silent",
    });
    const packages = new Set<string>();
    for (const input of Object.values(result.metafile.inputs)) {
      for (const imp of input.imports) {
        if (!imp.external || imp.path.startsWith("node:")) continue;
        packages.add(
          imp.path
            .split("/")
            .slice(0, imp.path.startsWith("@") ? 2 : 1)
            .join("/"),
        );
      }
    }
    expect([...packages]).toContain("@livekit/agents");
    for (const name of [...packages, "@livekit/rtc-node", "tsx"]) expect(pkg.dependencies, name).toHaveProperty([name]);
    expect(pkg.scripts.agent).toMatch(/--env-file-if-exists=\.env\.local --import tsx agent\/main\.ts start/);
  });
});
