import { describe, expect, it } from "vitest";

import { safeNextPath } from "@/lib/safe-next";

describe("safeNextPath (issue 17.2: ?next= after sign-in, same-site paths only)", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeNextPath("/dashboard")).toBe("/dashboard");
    expect(safeNextPath("/grade/abc?tab=1#x")).toBe("/grade/abc?tab=1#x");
    expect(safeNextPath("/organization/users/../stats")).toBe("/organization/stats");
    expect(safeNextPath("/%0a/still-here")).toBe("/%0a/still-here"); // encoded, so only a path
  });

  it.each([
    null,
    "",
    "dashboard",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\u0000x",
    "/auth?next=/x",
    "/api/auth/signin",
    "/" + "a".repeat(3000),
  ])("refuses %j", (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});
