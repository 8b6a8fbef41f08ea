import { describe, expect, it } from "vitest";

import { isAbortedRequest } from "@/agent/abort-guard";

class APIUserAbortError extends Error {}

describe("which unhandled rejections the agent process survives", () => {
  it("only requests the framework aborted on purpose", () => {
    expect(isAbortedRequest(new APIUserAbortError("Request was aborted."))).toBe(true);
    expect(isAbortedRequest(new DOMException("aborted", "AbortError"))).toBe(true);
    expect(isAbortedRequest(new Error("ECONNREFUSED"))).toBe(false);
    expect(isAbortedRequest(undefined)).toBe(false);
  });
});
