import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Tests run services outside Next.js: `server-only` resolves as it does in Next's server bundle.
    alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    environment: "node",
    setupFiles: ["tests/helpers/setup.ts"],
    globalSetup: ["tests/helpers/pglite-template.ts"],
    // next-auth imports "next/server" without an extension, which only a bundler resolves: let Vite handle it.
    server: { deps: { inline: ["next-auth"] } },
    // One database per test file; files run in parallel on the two cores.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      PGLITE_DIR: "memory://",
      // Written by the global setup (tests/helpers/pglite-template.ts): each file's database loads from it.
      PGLITE_TEMPLATE: "test-results/pglite-template.tar",
      DATABASE_URL: "",
      SEED_DEMO_DATA: "false",
      // Limits live in the test database unless a test opts into Redis (limits-redis.test.ts).
      REDIS_URL: "",
      TRUSTED_PROXY_HOPS: "0",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    projects: [
      {
        // Pure functions over the language layer, the grader and the persona: no database, no module mocks, and
        // every environment change is undone by its test. Each worker keeps the module graph it has loaded
        // (the language models and the grader take seconds to import) instead of importing it again per file:
        // 237 s -> 65 s on 2 cores (bench/RESULTS.md, session 16).
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], isolate: false },
      },
      {
        // Each file gets its own database and may mock modules: a fresh module graph per file.
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts", "tests/agent/**/*.test.ts"] },
      },
    ],
  },
});
