import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as addUser } from "@/app/api/dev/organization/add_user/route";
import { DELETE as deleteOrg } from "@/app/api/dev/organization/delete/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { GET as stats } from "@/app/api/organization/stats-dashboard/route";
import { getDb } from "@/db";
import { selectStatsVersion } from "@/db/queries/organization-stats";
import {
  conversations,
  grades,
  groupMembers,
  groups,
  memberships,
  organizations,
  organizationStatsVersions,
  users,
} from "@/db/schema";
import { demoRoleplays } from "@/lib/demo/personas";
import { assembleGroups, getOrganizationStats } from "@/lib/organizations/stats";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

// The organisation statistics are cached per (organisation, version); the version is bumped by
// triggers in the transaction of every write that can change the answer (migration 0008). Each
// write kind below must move the version, and the next answer must show the write and equal an
// answer assembled from scratch.
type User = Awaited<ReturnType<typeof createUser>>;
type Answer = {
  organization_name: string;
  groups: {
    id: string;
    name: string;
    description: string;
    users: { id: string; name: string; email: string; conversations: number; average_score: number | null }[];
  }[];
};

let org: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
let admin: User, ann: User, ben: User, dev: User, otherAdmin: User;

async function ended(userId: string, orgId: string, minutes: number, score?: number) {
  const db = await getDb();
  const started = new Date(Date.UTC(2026, 2, 2, 10));
  const [row] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_name: "Discovery call",
      persona: demoRoleplays[0].persona,
      mode: "local",
      status: "ended",
      started_at: started,
      ended_at: new Date(started.getTime() + minutes * 60_000),
    })
    .returning();
  if (score !== undefined) await db.insert(grades).values({ conversation_id: row.id, status: "graded", score });
  return row;
}

const version = async (orgId = org.id) => selectStatsVersion(await getDb(), orgId);

/** The route's answer, checked against one assembled from scratch (no cache) for the same organisation. */
async function answer(token = admin.token, query?: Record<string, string>): Promise<Answer> {
  const res = await call(stats, { token, query });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/json");
  expect(res.headers.get("cache-control")).toBe("no-store");
  const [row] = await (
    await getDb()
  )
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, org.id));
  const fresh = {
    organization_name: row.name,
    groups: await assembleGroups(await getDb(), org.id, query?.include_empty_groups === "true"),
  };
  if (token === admin.token) expect(res.json).toEqual(JSON.parse(JSON.stringify(fresh)));
  return res.json;
}

const person = (a: Answer, id: string) => a.groups.flatMap((g) => g.users).find((x) => x.id === id);
const groupOf = (a: Answer, id: string) => a.groups.find((g) => g.id === id);

/** Runs the write, then expects the version to have moved and returns the next answer. */
async function afterWrite(write: () => Promise<unknown>, orgId = org.id) {
  const before = await version(orgId);
  await write();
  const after = await version(orgId);
  expect(after).not.toBe(before);
  return answer();
}

beforeAll(async () => {
  org = await createOrg({ name: "Cache Cohort", groups: ["Morning", "Evening", "Unused"] });
  other = await createOrg({ name: "Other Place", groups: ["Elsewhere"] });
  admin = await createUser({ name: "Ada Admin" });
  ann = await createUser({ name: "Ann Learner" });
  ben = await createUser({ name: "Ben Learner" });
  dev = await createUser({ name: "Dee Dev", isDev: true });
  otherAdmin = await createUser({ name: "Olga Other" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin", groupIds: [org.groups[0].id] });
  await addMember({ userId: ann.id, orgId: org.id, groupIds: [org.groups[0].id] });
  await addMember({ userId: ben.id, orgId: org.id });
  await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin", groupIds: [other.groups[0].id] });
  await ended(ann.id, org.id, 10, 60);
});

describe("organisation statistics cache", () => {
  it("serves the same frozen answer while nothing changes, equal to one assembled from scratch", async () => {
    const first = await answer();
    expect(person(first, ann.id)).toMatchObject({ conversations: 1, average_score: 60 });
    const v = await version();
    const caller = { id: admin.id, name: admin.name, email: admin.email, isDev: false };
    const a = await getOrganizationStats(caller, { includeEmptyGroups: true });
    const b = await getOrganizationStats(caller, { includeEmptyGroups: true });
    expect(b.groups).toBe(a.groups); // the cached object, not a new one
    expect(Object.isFrozen(a.groups[0].users[0])).toBe(true);
    expect(a.groups.map((g) => g.name)).toEqual(["Evening", "Morning", "Unused", "Ungrouped"]);
    expect((await answer()).groups.map((g) => g.name)).toEqual(["Morning", "Ungrouped"]);
    expect((await answer(admin.token, { include_empty_groups: "true" })).groups.map((g) => g.name)).toEqual([
      "Evening",
      "Morning",
      "Unused",
      "Ungrouped",
    ]);
    expect(await version()).toBe(v);
  });

  it("a new graded conversation moves the version and shows in the next answer", async () => {
    const next = await afterWrite(() => ended(ben.id, org.id, 20, 90));
    expect(person(next, ben.id)).toMatchObject({ conversations: 1, average_score: 90 });
  });

  it("a regrade moves the version; grading bookkeeping (attempts, lease) does not", async () => {
    const db = await getDb();
    const conv = await ended(ann.id, org.id, 5);
    await db.insert(grades).values({ conversation_id: conv.id, status: "pending" });
    const before = await version();
    await db
      .update(grades)
      .set({ attempts: 3, locked_until: new Date(Date.now() + 60_000) })
      .where(eq(grades.conversation_id, conv.id));
    expect(await version()).toBe(before);
    const next = await afterWrite(() =>
      db.update(grades).set({ status: "graded", score: 80 }).where(eq(grades.conversation_id, conv.id)),
    );
    expect(person(next, ann.id)).toMatchObject({ conversations: 2, average_score: 70 });
  });

  it("an instructor's review moves the version and its score counts in the next answer", async () => {
    const [conv] = await (
      await getDb()
    )
      .select()
      .from(conversations)
      .where(and(eq(conversations.user_id, ben.id), eq(conversations.organization_id, org.id)));
    const next = await afterWrite(async () => {
      const res = await call(review, {
        method: "PUT",
        token: admin.token,
        params: { conversationId: conv.id },
        body: { score: 50, comment: "Missed the close" },
      });
      expect(res.status).toBe(200);
    });
    expect(person(next, ben.id)).toMatchObject({ average_score: 50 });
  });

  it("joining and leaving the organisation move the version", async () => {
    const cat = await createUser({ name: "Cat Newcomer" });
    const joined = await afterWrite(async () => {
      const res = await call(addUser, {
        token: dev.token,
        body: { user_id: cat.id, organization_id: org.id, role: "member" },
      });
      expect(res.status).toBeLessThan(300);
    });
    expect(person(joined, cat.id)).toMatchObject({ name: "Cat Newcomer", conversations: 0 });
    const db = await getDb();
    const left = await afterWrite(() =>
      db.delete(memberships).where(and(eq(memberships.user_id, cat.id), eq(memberships.organization_id, org.id))),
    );
    expect(person(left, cat.id)).toBeUndefined();
  });

  it("group changes (joining a group, a rename, a new description) move the version", async () => {
    const db = await getDb();
    const evening = org.groups[1].id;
    const joined = await afterWrite(() => db.insert(groupMembers).values({ group_id: evening, user_id: ben.id }));
    expect(groupOf(joined, evening)?.users.map((x) => x.id)).toEqual([ben.id]);
    expect(groupOf(joined, "ungrouped")).toBeUndefined();
    const renamed = await afterWrite(() =>
      db
        .update(groups)
        .set({ name: "Evening (Tue/Thu)", description: "Two nights a week" })
        .where(eq(groups.id, evening)),
    );
    expect(groupOf(renamed, evening)).toMatchObject({ name: "Evening (Tue/Thu)", description: "Two nights a week" });
    const removed = await afterWrite(() => db.delete(groups).where(eq(groups.id, evening)));
    expect(groupOf(removed, evening)).toBeUndefined();
    expect(groupOf(removed, "ungrouped")?.users.map((x) => x.id)).toEqual([ben.id]);
  });

  it("a member's new name or email moves the version; other changes to the user do not", async () => {
    const db = await getDb();
    const before = await version();
    await db.update(users).set({ updated_at: new Date() }).where(eq(users.id, ann.id));
    expect(await version()).toBe(before);
    const renamed = await afterWrite(() => db.update(users).set({ name: "Ann Renamed" }).where(eq(users.id, ann.id)));
    expect(person(renamed, ann.id)?.name).toBe("Ann Renamed");
    const email = `ann-${Date.now()}@test.parley`;
    const moved = await afterWrite(() => db.update(users).set({ email }).where(eq(users.id, ann.id)));
    expect(person(moved, ann.id)?.email).toBe(email);
  });

  it("reads the organisation's name fresh, leaves other organisations' versions alone, and ignores rolled-back writes", async () => {
    const db = await getDb();
    await db.update(organizations).set({ name: "Cache Cohort 2027" }).where(eq(organizations.id, org.id));
    expect((await answer()).organization_name).toBe("Cache Cohort 2027");

    const mine = await version();
    const theirs = await version(other.id);
    await ended(otherAdmin.id, other.id, 3, 40);
    expect(await version()).toBe(mine);
    expect(await version(other.id)).not.toBe(theirs);

    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ name: "Never Saved" }).where(eq(users.id, ben.id));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await version()).toBe(mine);
    expect(person(await answer(), ben.id)?.name).toBe("Ben Learner");
  });

  it("checks who calls before anything is looked up: a member gets 403, another organisation's admin their own answer", async () => {
    await answer(); // warm
    const member = await call(stats, { token: ann.token });
    expect(member.status).toBe(403);
    const outsider = await call(stats, { token: otherAdmin.token });
    expect(outsider.status).toBe(200);
    expect(outsider.json.organization_name).toBe("Other Place");
    // Its only member is its admin, who has no learner's row; nothing of this organisation's leaks.
    expect(outsider.json.groups).toEqual([]);
  });

  it("deleting an organisation still works, and takes its version row with it", async () => {
    const db = await getDb();
    expect(
      (await db.select().from(organizationStatsVersions).where(eq(organizationStatsVersions.organization_id, other.id)))
        .length,
    ).toBe(1);
    const res = await call(deleteOrg, { method: "DELETE", token: dev.token, body: { organization_id: other.id } });
    expect(res.status).toBeLessThan(300);
    expect(
      await db.select().from(organizationStatsVersions).where(eq(organizationStatsVersions.organization_id, other.id)),
    ).toEqual([]);
  });
});
