import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as seed } from "@/app/api/dev/seed/organization/route";

import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

// Issue 10.7, "the seed has the same pattern": a generated login that already exists is a 409, and
// the failed insert (emails, password hashes) never reaches a log.
const TAKEN = "taken-login@pilot.parley.example";
vi.mock("@/lib/dev/credentials", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/dev/credentials")>()),
  pilotEmail: () => TAKEN,
}));

// The database is made and migrated here, under the hook's longer timeout, not in the test's.
let dev: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  dev = await createUser({ isDev: true });
  await createUser({ email: TAKEN });
});

describe("seeding an organisation whose generated login exists", () => {
  it("answers 409 with a detail and logs no email or hash", async () => {
    const lines: string[] = [];
    const spy = vi
      .spyOn(console, "error")
      .mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(" ")));
    const res = await call(seed, {
      token: dev.token,
      body: { org_name: "Clash", groups: [{ name: "A", num_users: 1, num_admins: 0 }] },
    });
    spy.mockRestore();
    expect(res.status).toBe(409);
    expect(res.json.detail).toMatch(/already exists/);
    expect(lines.join("\n")).not.toContain(TAKEN);
    expect(lines.join("\n")).not.toMatch(/\$argon2/);
  });
});
