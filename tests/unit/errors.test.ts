import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { AppError, errorResponse, isDatabaseUnavailable } from "@/lib/errors";

describe("errorResponse", () => {
  const zodError = z.object({ email: z.string() }).safeParse({ email: 1 }).error!;
  const cases: [string, unknown, number, unknown][] = [
    [
      "AppError keeps its status and message",
      new AppError("payment_required:credits", "No credits left"),
      402,
      { detail: "No credits left" },
    ],
    [
      "ZodError becomes 422 with loc and msg",
      zodError,
      422,
      { detail: [{ loc: ["body", "email"], msg: expect.any(String), type: "invalid_type" }] },
    ],
    [
      "a refused connection becomes 503",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      503,
      { detail: expect.stringMatching(/temporarily unavailable/) },
    ],
    [
      "anything else becomes a generic 500",
      new TypeError("secret internals"),
      500,
      { detail: "Internal server error" },
    ],
  ];
  it.each(cases)("%s", async (_, err, status, body) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = errorResponse(err);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });

  it("passes AppError headers through (Retry-After on 429)", () => {
    const res = errorResponse(new AppError("rate_limited:signin", "Too many", { "Retry-After": "60" }));
    expect(res.headers.get("retry-after")).toBe("60");
  });
});

describe("isDatabaseUnavailable", () => {
  it.each([
    [{ code: "57P01" }, true],
    [new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }), true],
    [{ code: "23505" }, false],
    [new Error("syntax error"), false],
    [null, false],
  ])("%o -> %s", (err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});
