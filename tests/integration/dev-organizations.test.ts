import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as orgUsers } from "@/app/api/dev/organization/[id]/users/route";
import { POST as addUser } from "@/app/api/dev/organization/add_user/route";
import { DELETE as deleteOrg } from "@/app/api/dev/organization/delete/route";
import { GET as listOrgs } from "@/app/api/dev/organizations/route";
import { POST as seed } from "@/app/api/dev/seed/organization/route";
import { getDb } from "@/db";
import {
  conversations,
  creditAccounts,
  grades,
  groupMembers,
  groups,
  memberships,
  organizations,
  roleplayGroups,
  roleplays,
  sessions,
  users,
} from "@/db/schema";
import { demoRoleplays } from "@/lib/demo/personas";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

let dev: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let org: Awaited<ReturnType<typeof createOrg>>;

beforeAll(async () => {
  dev = await createUser({ name: "Dev", isDev: true });
  admin = await createUser({ name: "Admin" });
  member = await createUser({ name: "Member" });
  org = await createOrg({ name: "Lab", groups: ["G1"] });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  await addMember({ userId: member.id, orgId: org.id });
});

describe("developer endpoints refuse everyone else", () => {
  const someId = "00000000-0000-4000-8000-000000000000";
  const routes = [
    ["GET organizations", () => listOrgs, {}],
    ["GET organization users", () => orgUsers, { params: { id: someId } }],
    ["DELETE organization", () => deleteOrg, { method: "DELETE", body: { organization_id: someId } }],
    ["POST add_user", () => addUser, { body: { user_id: someId, organization_id: someId, role: "admin" } }],
    ["POST seed", () => seed, { body: { org_name: "X" } }],
  ] as const;

  it.each(routes)("%s: 403 for admins and members, 401 without a token", async (_, handler, opts) => {
    for (const who of [admin, member]) {
      const res = await call(handler(), { ...opts, token: who.token });
      expect(res.status).toBe(403);
      expect(res.json.detail).toBe("Developer access required");
    }
    expect((await call(handler(), opts)).status).toBe(401);
  });
});

describe("organisations for developers", () => {
  it("lists organisations with id, name, description and created_at", async () => {
    const res = await call(listOrgs, { token: dev.token });
    expect(res.status).toBe(200);
    expect(res.json.organizations).toContainEqual({
      id: org.id,
      name: "Lab",
      description: "Test organisation",
      created_at: expect.any(String),
    });
  });

  it("lists an organisation's users with their roles; unknown ids are 404", async () => {
    const res = await call(orgUsers, { token: dev.token, params: { id: org.id } });
    expect(res.json.organization_name).toBe("Lab");
    expect(res.json.users).toEqual([
      { user_id: admin.id, name: "Admin", email: admin.email, role: "admin" },
      { user_id: member.id, name: "Member", email: member.email, role: "member" },
    ]);
    expect(
      (await call(orgUsers, { token: dev.token, params: { id: "00000000-0000-4000-8000-000000000000" } })).status,
    ).toBe(404);
    expect((await call(orgUsers, { token: dev.token, params: { id: "not-a-uuid" } })).status).toBe(404);
  });

  it("joins a user as admin idempotently", async () => {
    const body = { user_id: dev.id, organization_id: org.id, role: "admin" };
    expect((await call(addUser, { token: dev.token, body })).status).toBe(200);
    const again = await call(addUser, { token: dev.token, body });
    expect(again.json.message).toBe("User added to Lab as admin");
    const db = await getDb();
    const rows = await db.select().from(memberships).where(eq(memberships.user_id, dev.id));
    expect(rows).toEqual([expect.objectContaining({ organization_id: org.id, role: "admin" })]);
  });

  it("answers unknown users and organisations with 404 and bad ids with 422", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const noOrg = await call(addUser, { token: dev.token, body: { user_id: dev.id, organization_id: missing } });
    expect(noOrg).toMatchObject({ status: 404, json: { detail: "Organization not found" } });
    const noUser = await call(addUser, { token: dev.token, body: { user_id: missing, organization_id: org.id } });
    expect(noUser).toMatchObject({ status: 404, json: { detail: "User not found" } });
    const bad = await call(addUser, {
      token: dev.token,
      body: { user_id: "x", organization_id: org.id, role: "owner" },
    });
    expect(bad.status).toBe(422);
  });
});

describe("DELETE /api/dev/organization/delete", () => {
  it("removes the organisation and its exclusive accounts, and keeps shared accounts elsewhere", async () => {
    const db = await getDb();
    const seeded = await call(seed, {
      token: dev.token,
      body: {
        org_name: "Doomed Pilot",
        groups: [
          { name: "A", num_users: 2, num_admins: 1 },
          { name: "B", num_users: 1 },
        ],
      },
    });
    expect(seeded.status).toBe(201);
    const doomedId: string = seeded.json.organization.id;
    const seededIds = (
      await db.select({ id: memberships.user_id }).from(memberships).where(eq(memberships.organization_id, doomedId))
    ).map((r) => r.id);
    expect(seededIds).toHaveLength(4);

    // A shared account: a member of Lab who also joined the pilot, with a conversation in each.
    const [groupA] = await db.select().from(groups).where(eq(groups.organization_id, doomedId)).limit(1);
    await addMember({ userId: member.id, orgId: doomedId, groupIds: [groupA.id] });
    await call(addUser, { token: dev.token, body: { user_id: dev.id, organization_id: doomedId } });
    const [roleplay] = await db
      .insert(roleplays)
      .values({ organization_id: doomedId, name: "Pilot call", persona: demoRoleplays[0].persona, is_public: false })
      .returning();
    await db.insert(roleplayGroups).values({ schema_id: roleplay.id, group_id: groupA.id });
    const convo = (userId: string, orgId: string) => ({
      user_id: userId,
      organization_id: orgId,
      schema_name: "c",
      persona: demoRoleplays[0].persona,
      mode: "local" as const,
      status: "ended" as const,
    });
    const [pilotConvo, labConvo, seededConvo] = await db
      .insert(conversations)
      .values([convo(member.id, doomedId), convo(member.id, org.id), convo(seededIds[0], doomedId)])
      .returning();
    await db
      .insert(grades)
      .values([{ conversation_id: seededConvo.id, status: "graded", score: 60 }, { conversation_id: labConvo.id }]);

    const res = await call(deleteOrg, { method: "DELETE", token: dev.token, body: { organization_id: doomedId } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Organization deleted successfully");

    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    expect(await count(db.select().from(organizations).where(eq(organizations.id, doomedId)))).toBe(0);
    expect(await count(db.select().from(groups).where(eq(groups.organization_id, doomedId)))).toBe(0);
    expect(await count(db.select().from(memberships).where(eq(memberships.organization_id, doomedId)))).toBe(0);
    expect(await count(db.select().from(roleplays).where(eq(roleplays.id, roleplay.id)))).toBe(0);
    expect(await count(db.select().from(roleplayGroups).where(eq(roleplayGroups.schema_id, roleplay.id)))).toBe(0);
    expect(await count(db.select().from(groupMembers).where(eq(groupMembers.group_id, groupA.id)))).toBe(0);
    for (const table of [users, creditAccounts, sessions] as const) {
      const column = table === users ? users.id : table === creditAccounts ? creditAccounts.user_id : sessions.user_id;
      expect(await count(db.select().from(table).where(inArray(column, seededIds)))).toBe(0);
    }
    expect(
      await count(
        db
          .select()
          .from(conversations)
          .where(inArray(conversations.id, [pilotConvo.id, seededConvo.id])),
      ),
    ).toBe(0);
    expect(await count(db.select().from(grades).where(eq(grades.conversation_id, seededConvo.id)))).toBe(0);

    // The shared member and the developer keep everything outside the pilot.
    const kept = await db
      .select()
      .from(memberships)
      .where(inArray(memberships.user_id, [member.id, dev.id]));
    expect(kept.map((m) => m.organization_id).sort()).toEqual([org.id, org.id]);
    expect(await count(db.select().from(conversations).where(eq(conversations.id, labConvo.id)))).toBe(1);
    expect(
      await count(
        db
          .select()
          .from(users)
          .where(inArray(users.id, [member.id, dev.id])),
      ),
    ).toBe(2);
  });

  it("keeps a developer whose only organisation is deleted", async () => {
    const db = await getDb();
    const lonelyDev = await createUser({ name: "Lonely Dev", isDev: true });
    const pilot = await createOrg({ name: "Solo" });
    await addMember({ userId: lonelyDev.id, orgId: pilot.id, role: "admin" });
    const res = await call(deleteOrg, {
      method: "DELETE",
      token: lonelyDev.token,
      body: { organization_id: pilot.id },
    });
    expect(res.status).toBe(200);
    expect((await db.select().from(users).where(eq(users.id, lonelyDev.id))).length).toBe(1);
  });

  it("answers an unknown organisation with 404", async () => {
    const res = await call(deleteOrg, {
      method: "DELETE",
      token: dev.token,
      body: { organization_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res).toMatchObject({ status: 404, json: { detail: "Organization not found" } });
  });
});
