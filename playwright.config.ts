import { defineConfig, devices } from "@playwright/test";

import { E2E_DEVELOPER } from "./tests/e2e/developer";

const port = Number(process.env.PW_PORT || 3200);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  // A file is the unit of parallelism: its tests run in order in one worker, on that worker's own
  // team (fixtures.ts). Two workers by default (PW_WORKERS sets another count, 1 runs one file at a
  // time): on 2 cores the suite runs about 15% faster; three were no faster. The launch-time budget runs alone,
  // after the rest (the "timing" project).
  fullyParallel: false,
  workers: Number(process.env.PW_WORKERS || 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A guard against a hung test, not a speed check (speed is in bench/): beside the other worker on 2 cores the long
  // journeys take 45-60 s (join-code, roleplays, progress, live hints), and at 60 s they failed at random.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /\.timing\.spec\.ts$/ },
    // Budgets in wall time (*.timing.spec.ts) run after the rest, alone: with two workers the other worker's
    // browser and server share the 2 cores, and lti.spec's launch median went from 3.0 s alone to 9.6 s. Running one
    // on its own: `npx playwright test tests/e2e/lti-launch.timing.spec.ts --no-deps`.
    {
      name: "timing",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /\.timing\.spec\.ts$/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    // Node closes an idle keep-alive socket after 5 s; a test's API request that reuses one at that
    // moment got ECONNRESET (browsers retry, Playwright's request context does not). 65 s outlasts any idle gap.
    command: `node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1 --keepAliveTimeout 65000`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123",
      PGLITE_DIR: "memory://",
      DATABASE_URL: "",
      // The demo organisation stays for the tests about the demo itself; the others use their worker's team.
      SEED_DEMO_DATA: "true",
      BOOTSTRAP_DEV_EMAIL: E2E_DEVELOPER.email,
      BOOTSTRAP_DEV_PASSWORD: E2E_DEVELOPER.password,
      SUPPORT_EMAIL: "support@parley.example",
      ANTHROPIC_API_KEY: "",
      LIVEKIT_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
      GRADING_RETRY_DELAY_MS: "500",
      REDIS_URL: "",
      TRUSTED_PROXY_HOPS: "0",
      PARLEY_E2E_HARNESS: "1",
    },
  },
});
