import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as seed } from "@/app/api/dev/seed/organization/route";

import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

// Another seed takes the tag between our look-up and our insert: the first look-up is stale.
let stale = true;
vi.mock("@/db/queries/pilot-logins", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/db/queries/pilot-logins")>();
  return {
    listLoginsWithTagBase: async (...args: Parameters<typeof original.listLoginsWithTagBase>) => {
      if (stale) {
        stale = false;
        return [];
      }
      return original.listLoginsWithTagBase(...args);
    },
  };
});

// The database is made and migrated here, under the hook's longer timeout, not in the test's.
let dev: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  dev = await createUser({ isDev: true });
  await createUser({ email: "s01.rtc@pilot.parley.example" });
});

describe("seeding while another organisation takes the same login tag", () => {
  it("looks again and takes the next tag instead of failing", async () => {
    const res = await call(seed, {
      token: dev.token,
      body: { org_name: "Race Track Club", num_users: 1, num_admins: 0 },
    });
    expect(res.status).toBe(201);
    expect(stale).toBe(false);
    expect(res.json.csv_data).toContain("s01.rtc2@pilot.parley.example");
  });
});
