import { readFileSync } from "node:fs";
import path from "node:path";

import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

import { boundariesConfig } from "../../eslint/boundaries.mjs";

// The layer rules of eslint/boundaries.mjs, each fed a wrong-way import, so they cannot rot silently.
const root = process.cwd();

const cases: [string, string, string, boolean][] = [
  ["a component imports a page", "components/dashboard/x.tsx", 'import Home from "@/app/(marketing)/page";', false],
  ["lib imports a component", "lib/dashboard/x.ts", 'import { Button } from "@/components/ui/button";', false],
  ["lib imports app", "lib/dashboard/x.ts", 'import { GET } from "@/app/api/health/route";', false],
  ["db imports lib at run time", "db/queries/x.ts", 'import { env } from "@/lib/env";', false],
  ["db imports a lib type", "db/queries/x.ts", 'import type { Persona } from "@/lib/validations/persona";', true],
  ["a route imports db at run time", "app/api/x/route.ts", 'import { getDb } from "@/db";', false],
  ["a route imports bench", "app/api/x/route.ts", 'import { floorOf } from "@/bench/floor-routes";', false],
  [
    "a benchmark-only route imports bench",
    "app/api/x/route.floor.ts",
    'import { floorOf } from "@/bench/floor-routes";',
    true,
  ],
  ["lib writes SQL", "lib/dashboard/x.ts", 'import { sql } from "drizzle-orm";', false],
  ["a page writes SQL", "app/(app)/x/page.tsx", 'import { eq } from "drizzle-orm";', false],
  ["lib names a drizzle type", "lib/dashboard/x.ts", 'import type { SQL } from "drizzle-orm";', true],
  ["db writes SQL", "db/queries/x.ts", 'import { sql } from "drizzle-orm";', true],
  ["the agent imports db", "agent/x.ts", 'import { getDb } from "@/db";', false],
  ["a service uses a query", "lib/dashboard/x.ts", 'import { getDb } from "@/db";', true],
];

describe("layers enforced by the linter", () => {
  let eslint: ESLint;
  beforeAll(() => {
    // Only the layer rules (the whole config takes seconds to load), resolving `@/` as eslint-config-next does.
    const resolveTs = { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tsParser } };
    const settings = { settings: { "import/resolver": { typescript: { alwaysTryTypes: true } } } };
    eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [resolveTs, settings, ...boundariesConfig],
    });
  });

  it("are part of the project's lint", () => {
    expect(readFileSync(path.join(root, "eslint.config.mjs"), "utf8")).toMatch(/^\s*\.\.\.boundariesConfig,$/m);
  });

  it.each(cases)(
    "%s (%s)",
    async (_name, file, importLine, allowed) => {
      const [result] = await eslint.lintText(`${importLine}\n`, { filePath: path.join(root, file) });
      // Only the layer rule counts here (an unused import also upsets other rules).
      const layerErrors = result.messages.filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
      expect(layerErrors).toHaveLength(allowed ? 0 : 1);
    },
    60_000,
  );
});
