import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Tests run services outside Next.js: `server-only` resolves as it does in Next's server bundle.
    alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/agent/**/*.test.ts"],
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
  },
});
