import { afterEach, describe, expect, it, vi } from "vitest";

async function pageExtensions() {
  vi.resetModules();
  return (await import("../../next.config")).default.pageExtensions;
}

describe("next.config", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("builds issue 26's benchmark floor route (route.floor.ts) only when BENCH_FLOOR_ROUTES=1", async () => {
    vi.stubEnv("BENCH_FLOOR_ROUTES", "");
    expect(await pageExtensions()).not.toContain("floor.ts");
    vi.stubEnv("BENCH_FLOOR_ROUTES", "1");
    expect(await pageExtensions()).toContain("floor.ts");
  });
});
