import { beforeAll, describe, expect, it } from "vitest";

import { GET as stats } from "@/app/api/organization/stats-dashboard/route";
import { GET as scores } from "@/app/api/organization/users/[userId]/scores/route";
import { getDb } from "@/db";
import { conversations, grades } from "@/db/schema";
import { demoRoleplays } from "@/lib/demo/personas";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

type Users = Record<
  "admin" | "both" | "loner" | "member" | "outsider" | "dev" | "devAlone",
  Awaited<ReturnType<typeof createUser>>
>;
let u: Users;
let org: Awaited<ReturnType<typeof createOrg>>;
const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10, 0, 0));

async function conversation(
  userId: string,
  orgId: string | null,
  opts: {
    day: number;
    minutes: number;
    score?: number;
    status?: "ended" | "active";
    grade?: "graded" | "pending" | "failed";
  },
) {
  const db = await getDb();
  const started = day(opts.day);
  const [row] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_name: `Call on day ${opts.day}`,
      persona: demoRoleplays[0].persona,
      mode: "local",
      status: opts.status ?? "ended",
      started_at: started,
      ended_at: opts.status === "active" ? null : new Date(started.getTime() + opts.minutes * 60_000),
    })
    .returning();
  if (opts.grade)
    await db.insert(grades).values({ conversation_id: row.id, status: opts.grade, score: opts.score ?? null });
  return row;
}

beforeAll(async () => {
  org = await createOrg({ name: "Harbor Sales Lab", groups: ["Cohort A", "Cohort B", "Cohort Empty"] });
  const other = await createOrg({ name: "Elsewhere", groups: ["Other cohort"] });
  const [a, b] = org.groups;
  u = {
    admin: await createUser({ name: "Ada Admin" }),
    both: await createUser({ name: "Bo Both" }),
    loner: await createUser({ name: "Lou Loner" }),
    member: await createUser({ name: "Meg Member" }),
    outsider: await createUser({ name: "Otto Outsider" }),
    dev: await createUser({ name: "Dev Eloper", isDev: true }),
    devAlone: await createUser({ name: "Dev Alone", isDev: true }),
  };
  await addMember({ userId: u.admin.id, orgId: org.id, role: "admin", groupIds: [a.id] });
  await addMember({ userId: u.both.id, orgId: org.id, groupIds: [a.id, b.id] });
  await addMember({ userId: u.loner.id, orgId: org.id });
  await addMember({ userId: u.member.id, orgId: org.id, groupIds: [b.id] });
  await addMember({ userId: u.outsider.id, orgId: other.id, role: "admin", groupIds: [other.groups[0].id] });
  await addMember({ userId: u.dev.id, orgId: org.id, role: "member" });

  await conversation(u.both.id, org.id, { day: 1, minutes: 10, score: 80, grade: "graded" });
  await conversation(u.both.id, org.id, { day: 3, minutes: 20, score: 71, grade: "graded" });
  await conversation(u.both.id, org.id, { day: 5, minutes: 5.4, grade: "pending" });
  await conversation(u.both.id, org.id, { day: 9, minutes: 0, status: "active" }); // not finished: not counted
  await conversation(u.both.id, other.id, { day: 8, minutes: 60, score: 10, grade: "graded" }); // another organisation
  await conversation(u.member.id, org.id, { day: 2, minutes: 14.6, grade: "failed" });
});

describe("GET /api/organization/stats-dashboard", () => {
  it("refuses members with 403 and a detail, and signed-out callers with 401", async () => {
    const res = await call(stats, { token: u.member.token });
    expect(res.status).toBe(403);
    expect(res.json.detail).toBe("Only admins can view organization statistics");
    expect((await call(stats)).status).toBe(401);
  });

  it("answers a developer with no organisation with a clear 404", async () => {
    const res = await call(stats, { token: u.devAlone.token });
    expect(res.status).toBe(404);
    expect(res.json.detail).toBe("You do not belong to an organization yet");
  });

  it("shows an admin of another organisation only their own organisation", async () => {
    const res = await call(stats, { token: u.outsider.token });
    expect(res.status).toBe(200);
    expect(res.json.organization_name).toBe("Elsewhere");
    // Its only member is its admin, who is no learner: no group has a learner's row.
    expect(res.json.groups).toEqual([]);
  });

  it("computes each user's figures over the organisation's ended conversations", async () => {
    const res = await call(stats, { token: u.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.organization_name).toBe("Harbor Sales Lab");
    expect(res.json.groups.map((g: { name: string }) => g.name)).toEqual(["Cohort A", "Cohort B", "Ungrouped"]);
    const [cohortA, cohortB, ungrouped] = res.json.groups;
    // Learners only: Ada is Cohort A's admin (issue 23), so she has no row.
    expect(cohortA.users.map((x: { name: string }) => x.name)).toEqual(["Bo Both"]);
    expect(cohortB.users.map((x: { name: string }) => x.name)).toEqual(["Bo Both", "Meg Member"]);
    expect(ungrouped).toMatchObject({ id: "ungrouped", name: "Ungrouped" });
    expect(ungrouped.users.map((x: { name: string }) => x.name)).toEqual(["Dev Eloper", "Lou Loner"]);

    const both = cohortA.users[0];
    expect(both).toEqual({
      id: u.both.id,
      name: "Bo Both",
      email: u.both.email,
      conversations: 3,
      time_minutes: 35,
      average_score: 75.5,
      last_active: day(5).toISOString(),
    });
    expect(cohortB.users[0]).toEqual(both);
    expect(cohortB.users[1]).toMatchObject({ conversations: 1, time_minutes: 15, average_score: null });
    expect(ungrouped.users[1]).toMatchObject({
      conversations: 0,
      time_minutes: 0,
      average_score: null,
      last_active: null,
    });
  });

  it("lists groups with nobody in them only when asked", async () => {
    const res = await call(stats, { token: u.admin.token, query: { include_empty_groups: "true" } });
    const empty = res.json.groups.find((g: { name: string }) => g.name === "Cohort Empty");
    expect(empty).toMatchObject({ description: "Cohort Empty group", users: [] });
    expect(res.json.groups.at(-1).name).toBe("Ungrouped");
  });

  it("lets a developer see the organisation they belong to even as a member", async () => {
    const res = await call(stats, { token: u.dev.token });
    expect(res.status).toBe(200);
    expect(res.json.organization_name).toBe("Harbor Sales Lab");
  });
});

describe("GET /api/organization/users/{userId}/scores", () => {
  it("gives an admin the graded scores of a member, oldest first", async () => {
    const res = await call(scores, { token: u.admin.token, params: { userId: u.both.id } });
    expect(res.status).toBe(200);
    expect(res.json.map((p: { score: number }) => p.score)).toEqual([80, 71]);
    expect(res.json[0]).toMatchObject({ started_at: day(1).toISOString(), schema_name: "Call on day 1" });
  });

  it("answers 404 for someone outside the organisation and for a malformed id", async () => {
    expect((await call(scores, { token: u.admin.token, params: { userId: u.outsider.id } })).status).toBe(404);
    expect((await call(scores, { token: u.admin.token, params: { userId: "nope" } })).status).toBe(404);
  });

  it("refuses members", async () => {
    expect((await call(scores, { token: u.member.token, params: { userId: u.both.id } })).status).toBe(403);
  });
});
