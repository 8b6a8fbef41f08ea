import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import { proxy } from "@/proxy";

describe("a course activity page (where LMS launches land)", () => {
  it("sends a signed-out visitor to sign in and back to the activity", async () => {
    const res = await proxy(new NextRequest("http://localhost:3000/activity/7d1b0c52-7f7e-4a57-9d7f-0c3f5d1c2a10"));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname + new URL(res.headers.get("location")!).search).toBe(
      "/auth?next=%2Factivity%2F7d1b0c52-7f7e-4a57-9d7f-0c3f5d1c2a10",
    );
  });
});
