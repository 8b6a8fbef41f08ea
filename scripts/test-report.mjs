// What `npm test` repeats at the end of its output: each failed test with the start of its
// message, so the tail of a long CI log names what failed (the phases' own output scrolls away).
import path from "node:path";

/** The first lines of a failure message, without colour codes, indented under the test's name. */
export function firstLines(text, n = 6) {
  return String(text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .slice(0, n)
    .map((line) => `      ${line}`)
    .join("\n");
}

/** Failed tests in a Vitest JSON report, and files that failed outside any test (an import, a hook). */
export function vitestFailures(report, label, root) {
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) failures.push(`[${label}] ${file} > ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`);
    if (suite.status === "failed" && failed.length === 0)
      failures.push(
        `[${label}] ${file} (failed outside a test)\n${firstLines(suite.message || "a hook failed: its error is in the phase's output above")}`,
      );
  }
  return failures;
}

/** Tests in a Playwright JSON report whose last try failed (flaky tests that passed on retry are not listed). */
export function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`[e2e] ${spec.file} > ${[...titles, spec.title].join(" > ")}\n${firstLines(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) failures.push(`[e2e] (outside a test)\n${firstLines(error.message)}`);
  return failures;
}
