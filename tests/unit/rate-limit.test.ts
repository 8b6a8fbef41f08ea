import { afterEach, describe, expect, it } from "vitest";

import { clientAddress } from "@/lib/rate-limit";

describe("client address", () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXY_HOPS;
  });

  it("is the connecting address (the last x-forwarded-for entry) without trusted proxies", () => {
    // The hook in instrumentation.ts appends the socket address; whatever the client sent stands before it.
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientAddress(new Headers())).toBe("unknown");
  });

  it("with TRUSTED_PROXY_HOPS=N takes the entry N places before the connecting address", () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    // client claim, address the proxy saw, proxy's own address (appended by the hook)
    expect(clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" }))).toBe("198.51.100.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.1.1.1, 6.6.6.6, 198.51.100.7, 10.0.0.2" }), 1)).toBe(
      "198.51.100.7",
    );
    expect(clientAddress(new Headers({ "x-forwarded-for": "198.51.100.7, 10.0.0.3, 10.0.0.2" }), 2)).toBe(
      "198.51.100.7",
    );
  });

  it("ignores x-real-ip, which any client can send", () => {
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.2", "x-forwarded-for": "203.0.113.9" }))).toBe(
      "203.0.113.9",
    );
  });
});
