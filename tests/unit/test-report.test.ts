import { describe, expect, it } from "vitest";

// @ts-expect-error a plain .mjs script without type declarations
import { playwrightFailures, vitestFailures } from "../../scripts/test-report.mjs";

// Trimmed from a real `vitest --reporter=json` run of a file with one failing and one passing test.
const vitestReport = {
  success: false,
  testResults: [
    {
      name: "/repo/tests/unit/sum.test.ts",
      status: "failed",
      message: "",
      assertionResults: [
        {
          fullName: "sum adds",
          status: "failed",
          failureMessages: [
            "\u001b[31mAssertionError: expected 2 to be 3\u001b[39m // Object.is equality\n    at /repo/tests/unit/sum.test.ts:4:19\n    at a\n    at b\n    at c\n    at d\n    at e\n    at f",
          ],
        },
        { fullName: "sum passes", status: "passed", failureMessages: [] },
      ],
    },
    { name: "/repo/tests/unit/ok.test.ts", status: "passed", message: "", assertionResults: [] },
    {
      name: "/repo/tests/integration/hook.test.ts",
      status: "failed",
      message: "",
      assertionResults: [{ fullName: "hook runs", status: "skipped", failureMessages: [] }],
    },
    {
      name: "/repo/tests/unit/broken.test.ts",
      status: "failed",
      message: "Failed to load url ./missing (resolved id: ./missing)",
      assertionResults: [],
    },
  ],
};

describe("the failures npm test repeats at the end of its output", () => {
  it("names each failed Vitest test and a file that failed outside its tests, with the message's first lines", () => {
    const lines = vitestFailures(vitestReport, "pglite", "/repo");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\[pglite\] tests\/unit\/sum\.test\.ts > sum adds\n {6}AssertionError: expected 2 to be 3/,
    );
    expect(lines[0]).not.toContain("\u001b[");
    expect(lines[0].split("\n")).toHaveLength(1 + 6);
    expect(lines[1]).toBe(
      "[pglite] tests/integration/hook.test.ts (failed outside a test)\n      a hook failed: its error is in the phase's output above",
    );
    expect(lines[2]).toBe(
      "[pglite] tests/unit/broken.test.ts (failed outside a test)\n      Failed to load url ./missing (resolved id: ./missing)",
    );
  });

  it("names Playwright tests whose last try failed, under their describe titles, and global errors", () => {
    const report = {
      suites: [
        {
          title: "auth.spec.ts",
          file: "auth.spec.ts",
          specs: [
            {
              title: "top-level passes",
              file: "auth.spec.ts",
              tests: [{ status: "expected", results: [{}] }],
            },
          ],
          suites: [
            {
              title: "sign-in",
              file: "auth.spec.ts",
              specs: [
                {
                  title: "a wrong password shows the alert",
                  file: "auth.spec.ts",
                  tests: [
                    {
                      status: "unexpected",
                      results: [{ error: { message: "first try" } }, { error: { message: "Timed out 5000ms" } }],
                    },
                  ],
                },
                { title: "retried and passed", file: "auth.spec.ts", tests: [{ status: "flaky", results: [] }] },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "Error: Timed out waiting 120000ms from config.webServer." }],
    };
    expect(playwrightFailures(report)).toEqual([
      "[e2e] auth.spec.ts > sign-in > a wrong password shows the alert\n      Timed out 5000ms",
      "[e2e] (outside a test)\n      Error: Timed out waiting 120000ms from config.webServer.",
    ]);
  });
});
