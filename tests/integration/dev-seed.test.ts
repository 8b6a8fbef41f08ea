import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as seed } from "@/app/api/dev/seed/organization/route";
import { getDb } from "@/db";
import { creditAccounts, groupMembers, groups, memberships, users } from "@/db/schema";

import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

let dev: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  dev = await createUser({ name: "Dev", isDev: true });
});

function parseCsv(csv: string) {
  const [header, ...rows] = csv
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  return {
    header,
    rows: rows.map(([group, role, email, password, name]) => ({ group, role, email, password, name })),
  };
}

describe("POST /api/dev/seed/organization", () => {
  it("seeds group mode: groups, anonymous accounts with hashed passwords, credits and a CSV", async () => {
    const res = await call(seed, {
      token: dev.token,
      body: {
        org_name: "Spring Pilot 2026",
        description: "Sales cohort",
        groups: [
          { name: "Cohort A", description: "Mondays", num_users: 3, num_admins: 1 },
          { name: "Cohort B", description: "Thursdays", num_users: 2, num_admins: 0 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json.organization).toEqual({
      id: expect.any(String),
      name: "Spring Pilot 2026",
      description: "Sales cohort",
    });
    expect(res.json.csv_filename).toBe("Spring_Pilot_2026_users.csv");

    const { header, rows } = parseCsv(res.json.csv_data);
    expect(header).toEqual(["group", "role", "email", "password", "name"]);
    expect(rows.map((r) => `${r.group}/${r.role}`)).toEqual([
      "Cohort A/admin",
      "Cohort A/member",
      "Cohort A/member",
      "Cohort A/member",
      "Cohort B/member",
      "Cohort B/member",
    ]);
    // Short logins numbered across the organisation, names to match, passwords to read aloud.
    expect(rows.map((r) => [r.email, r.name])).toEqual([
      ["i01.sp2026@pilot.parley.example", "Instructor 01"],
      ["s01.sp2026@pilot.parley.example", "Student 01"],
      ["s02.sp2026@pilot.parley.example", "Student 02"],
      ["s03.sp2026@pilot.parley.example", "Student 03"],
      ["s04.sp2026@pilot.parley.example", "Student 04"],
      ["s05.sp2026@pilot.parley.example", "Student 05"],
    ]);
    for (const r of rows) expect(r.password).toMatch(/^[a-z][a-hj-km-np-z2-9]{3}(-[a-hj-km-np-z2-9]{4}){2}$/);
    expect(new Set(rows.map((r) => r.password)).size).toBe(rows.length);

    const db = await getDb();
    const orgId = res.json.organization.id;
    const groupRows = await db.select().from(groups).where(eq(groups.organization_id, orgId));
    expect(groupRows.map((g) => [g.name, g.description]).sort()).toEqual([
      ["Cohort A", "Mondays"],
      ["Cohort B", "Thursdays"],
    ]);
    const accounts = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          rows.map((r) => r.email),
        ),
      );
    expect(accounts).toHaveLength(6);
    for (const account of accounts) {
      expect(account.password_hash).toMatch(/^\$argon2id\$/);
      expect(res.json.csv_data).not.toContain(account.password_hash);
      expect(account.is_dev).toBe(false);
    }
    expect(accounts.find((a) => a.email === rows[1].email)?.name).toBe("Student 01");
    expect(accounts.find((a) => a.email === rows[0].email)?.name).toBe("Instructor 01");
    const ids = accounts.map((a) => a.id);
    const roles = await db.select().from(memberships).where(inArray(memberships.user_id, ids));
    expect(roles.filter((m) => m.role === "admin" && m.organization_id === orgId)).toHaveLength(1);
    expect(roles).toHaveLength(6);
    expect(await db.select().from(creditAccounts).where(inArray(creditAccounts.user_id, ids))).toHaveLength(6);
    const places = await db.select().from(groupMembers).where(inArray(groupMembers.user_id, ids));
    const cohortB = groupRows.find((g) => g.name === "Cohort B")!.id;
    expect(places.filter((p) => p.group_id === cohortB)).toHaveLength(2);

    // A row of the CSV signs in.
    const signedIn = await call(signin, { body: { email: rows[0].email, password: rows[0].password } });
    expect(signedIn.status).toBe(200);
  });

  it("gives each organisation its own login tag: the same abbreviation is numbered, in order", async () => {
    const seedOne = async (org_name: string) => {
      const res = await call(seed, { token: dev.token, body: { org_name, num_users: 1, num_admins: 0 } });
      expect(res.status).toBe(201);
      return parseCsv(res.json.csv_data).rows[0];
    };
    expect((await seedOne("Riverside Community College")).email).toBe("s01.rcc@pilot.parley.example");
    expect((await seedOne("Riverside Community College")).email).toBe("s01.rcc2@pilot.parley.example");
    expect((await seedOne("Rock Creek College")).email).toBe("s01.rcc3@pilot.parley.example");
    expect((await seedOne("Spring Pilot 2026")).email).toBe("s01.sp2026-2@pilot.parley.example");
    // A signed-up account that happens to look like a pilot login takes its tag too.
    await createUser({ email: "s01.ab@pilot.parley.example" });
    expect((await seedOne("Alpha Bravo Company")).email).toBe("s01.abc@pilot.parley.example");
    expect((await seedOne("Alpha Bravo")).email).toBe("s01.alphabravo@pilot.parley.example");
    expect((await seedOne("A.B.")).email).toBe("s01.ab2@pilot.parley.example");
    const row = await seedOne("Riverside Community College");
    expect(row.email).toBe("s01.rcc4@pilot.parley.example");
    expect(row.email.length).toBeLessThanOrEqual(30);
    const signedIn = await call(signin, { body: { email: row.email, password: row.password } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.name).toBe("Student 01");
  });

  it("seeds legacy mode into 'Default Group' falling back to one member and one admin for counts that are not numbers", async () => {
    const res = await call(seed, {
      token: dev.token,
      body: { org_name: "Legacy Lab", description: "", num_users: "two" },
    });
    expect(res.status).toBe(201);
    const { rows } = parseCsv(res.json.csv_data);
    expect(rows.map((r) => `${r.group}/${r.role}`)).toEqual(["Default Group/admin", "Default Group/member"]);
    const db = await getDb();
    const [group] = await db.select().from(groups).where(eq(groups.organization_id, res.json.organization.id));
    expect(group).toMatchObject({ name: "Default Group", description: "Main user group" });
  });

  it.each([
    [{ org_name: " ", num_users: 1 }, "Organization name is required"],
    [{ org_name: "X", groups: [] }, "At least one group is required"],
    [{ org_name: "X", num_users: 51 }, "Number of users must be between 0 and 50"],
    [{ org_name: "X", num_admins: 11 }, "Number of admins must be between 0 and 10"],
    [{ org_name: "X", groups: [{ name: "A", num_users: 101 }] }, "Number of users must be between 0 and 100"],
    [{ org_name: "X", groups: [{ name: "A", num_admins: 51 }] }, "Number of admins must be between 0 and 50"],
  ])("refuses %j with 422", async (body, message) => {
    const res = await call(seed, { token: dev.token, body });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { msg: string }) => d.msg)).toContain(message);
  });
});
