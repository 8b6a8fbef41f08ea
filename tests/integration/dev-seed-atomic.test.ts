import { like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as seed } from "@/app/api/dev/seed/organization/route";
import { getDb } from "@/db";
import { groups, organizations, users } from "@/db/schema";

import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

// Every row is written, then the last step fails: nothing may remain.
vi.mock("@/db/queries/organizations", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/db/queries/organizations")>();
  return {
    ...original,
    insertSeededOrganization: async (...args: Parameters<typeof original.insertSeededOrganization>) => {
      await original.insertSeededOrganization(...args);
      throw new Error("disk full");
    },
  };
});

// The database is made and migrated here, under the hook's longer timeout, not in the test's.
let dev: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  dev = await createUser({ isDev: true });
});

describe("seeding is one transaction", () => {
  it("leaves no organisation, group or account behind when it fails part-way", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await call(seed, {
      token: dev.token,
      body: { org_name: "Half Done", groups: [{ name: "A", num_users: 2, num_admins: 1 }] },
    });
    expect(res.status).toBe(500);
    const db = await getDb();
    expect(await db.select().from(organizations).where(like(organizations.name, "Half Done"))).toEqual([]);
    expect(await db.select().from(groups)).toEqual([]);
    expect(await db.select().from(users).where(like(users.email, "%.halfdone@%"))).toEqual([]);
  });
});
