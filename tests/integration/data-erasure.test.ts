import { createHash } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { DELETE as devDelete } from "@/app/api/dev/users/[userId]/route";
import { GET as auditApi } from "@/app/api/organization/audit/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { DELETE as deleteUser } from "@/app/api/organization/users/[userId]/route";
import { GET as exportOwn } from "@/app/api/protected/account/export/route";
import { GET as getGrade } from "@/app/api/protected/grades/[conversationId]/route";
import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { rowsOf } from "@/db/queries/rows";
import {
  auditLog,
  conversations,
  criterionReviews,
  gradeReviews,
  groupMembers,
  learnerStats,
  ltiPlatforms,
  ltiUserLinks,
  memberships,
  rateLimits,
  sessions,
  ssoProviders,
  turnComments,
  userIdentities,
  users,
  userSettings,
  waitlistEntries,
} from "@/db/schema";
import { signIn } from "@/lib/auth/service";
import { addUserToOrganization } from "@/lib/dev/organizations";
import { take } from "@/lib/rate-limit";

import { addTurnComment, makeCall } from "../fixtures/data";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

/** Every text, jsonb, json and uuid column of every table and view in the database. */
async function searchableColumns() {
  const db = await getDb();
  const res = await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'uuid', 'ARRAY')
    order by table_name, column_name`);
  return rowsOf<{ table_name: string; column_name: string }>(res);
}

/** "table.column" for every column that holds any of the needles anywhere in its text (case-insensitive). */
async function whereFound(needles: string[]) {
  const db = await getDb();
  const hits: string[] = [];
  for (const { table_name, column_name } of await searchableColumns()) {
    const col = sql.raw(`"${table_name}"."${column_name}"::text`);
    const any = sql.join(
      needles.map((n) => sql`${col} ilike ${`%${n}%`}`),
      sql` or `,
    );
    const res = await db.execute(sql`select count(*)::int as n from ${sql.raw(`"${table_name}"`)} where ${any}`);
    if (rowsOf<{ n: number }>(res)[0].n > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

const limitKey = (name: string, ...parts: string[]) =>
  `rl:${name}:${createHash("sha256").update(parts.join("\u0000")).digest("base64url")}`;

/** A learner with a footprint in every table that can hold one, in organisation A. */
async function fullFootprint(w: Awaited<ReturnType<typeof world>>, name: string) {
  const db = await getDb();
  const learner = await createUser({ name, email: `${name.split(" ")[0].toLowerCase()}.erase@test.parley` });
  await addUserToOrganization({ user_id: learner.id, organization_id: w.orgA.id, role: "member" }, w.dev.id);
  await db.insert(groupMembers).values({ group_id: w.orgA.groups[0].id, user_id: learner.id });
  await db.insert(userSettings).values({ user_id: learner.id, active_organization_id: w.orgA.id });
  await db.insert(ltiUserLinks).values({ platform_id: w.platformA.id, sub: `lms-${learner.id}`, user_id: learner.id });
  await db
    .insert(userIdentities)
    .values({ provider_id: w.providerA.id, subject: `idp-${learner.id}`, user_id: learner.id, email: learner.email });
  await db.insert(waitlistEntries).values({ email: learner.email.toUpperCase(), name, interests: ["sales"] });
  // Counters keyed by the account: a failed sign-in and a join-code try.
  await expect(signIn({ email: learner.email, password: "wrong-password-1" }, "10.0.0.9")).rejects.toThrow();
  await take("joinCodeUser", learner.id);
  const graded = await makeCall(learner.id, w.orgA.id, { endedDaysAgo: 2, learnerSays: `Hi, I'm ${name}` });
  await makeCall(learner.id, w.orgA.id, { endedDaysAgo: 1, status: "abandoned", grade: null });
  await makeCall(learner.id, null, { endedDaysAgo: 300 }); // its organisation was deleted long ago
  const reviewed = await call(review, {
    method: "PUT",
    token: w.admin.token,
    params: { conversationId: graded.id },
    body: { comment: `${name} asked good questions`, score: 81 },
  });
  expect(reviewed.status).toBe(200);
  await addTurnComment(graded.id, graded.turnIds[0], w.admin.id, `Nice opening, ${name}`);
  await db.insert(criterionReviews).values({
    conversation_id: graded.id,
    criterion_id: "questions",
    previous_score: 60,
    score: 75,
    reason: `${name} followed up well`,
    reviewer_id: w.admin.id,
  });
  await recordAudit(db, {
    organizationId: w.orgA.id,
    actorId: w.admin.id,
    action: "test.mentions",
    details: { note: `about ${learner.email}` },
  });
  expect((await call(exportOwn, { token: learner.token })).status).toBe(200); // audited, naming the account
  return { learner, graded };
}

async function world() {
  const db = await getDb();
  const orgA = await createOrg({ name: "Erase A", groups: ["A1"] });
  const orgB = await createOrg({ name: "Erase B", groups: ["B1"] });
  const admin = await createUser({ name: "Ada Admin" });
  const adminB = await createUser({ name: "Bo Admin" });
  const dev = await createUser({ name: "Dee Dev", isDev: true });
  await addMember({ userId: admin.id, orgId: orgA.id, role: "admin" });
  await addMember({ userId: adminB.id, orgId: orgB.id, role: "admin" });
  const [platformA] = await db
    .insert(ltiPlatforms)
    .values({
      organization_id: orgA.id,
      issuer: "https://lms.example",
      client_id: `c-${orgA.id}`,
      auth_login_url: "https://lms.example/auth",
      auth_token_url: "https://lms.example/token",
      jwks_url: "https://lms.example/jwks",
    })
    .returning();
  const [providerA] = await db
    .insert(ssoProviders)
    .values({
      organization_id: orgA.id,
      kind: "oidc",
      issuer: "https://idp.example",
      client_id: "parley",
      client_secret_encrypted: "x",
      allowed_domain: "test.parley",
    })
    .returning();
  return { orgA, orgB, admin, adminB, dev, platformA, providerA };
}

describe("an admin deletes a learner who belongs only to their organisation", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let learner: Awaited<ReturnType<typeof fullFootprint>>["learner"];
  let needles: string[];
  beforeAll(async () => {
    w = await world();
    ({ learner } = await fullFootprint(w, "Zebulon Quartermaine"));
    needles = [learner.id, learner.email, "Zebulon Quartermaine"];
  });

  it("finds the learner in many tables before, which shows the search looks everywhere", async () => {
    const before = await whereFound(needles);
    expect(before).toEqual(
      expect.arrayContaining([
        "users.id",
        "users.email",
        "sessions.user_id",
        "memberships.user_id",
        "group_members.user_id",
        "user_settings.user_id",
        "conversations.user_id",
        "conversation_turns.text",
        "turn_comments.body",
        "criterion_reviews.reason",
        "lti_user_links.user_id",
        "lti_user_links.sub",
        "user_identities.email",
        "waitlist_entries.email",
        "audit_log.target_id",
        "audit_log.details",
        "credit_accounts.user_id",
      ]),
    );
    const db = await getDb();
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain(limitKey("signinAccount", learner.email));
    expect(keys).toContain(limitKey("joinCodeUser", learner.id));
  });

  it("deletes the account and every row that refers to it: no table or column holds its id, e-mail or name", async () => {
    const res = await call(deleteUser, { method: "DELETE", token: w.admin.token, params: { userId: learner.id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ scope: "account", deleted_conversations: 2 });
    expect(await whereFound(needles)).toEqual([]);
    const db = await getDb();
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain(limitKey("signinAccount", learner.email));
    expect(keys).not.toContain(limitKey("joinCodeUser", learner.id));
    // The old token is dead with its session.
    expect((await call(exportOwn, { token: learner.token })).status).toBe(401);
  });

  it("audits the deletion by the admin, with no personal data, and keeps the other entries' history", async () => {
    const res = await call(auditApi, { token: w.admin.token, query: { action: "learner" } });
    expect(res.status).toBe(200);
    expect(res.json.entries).toHaveLength(1);
    expect(res.json.entries[0]).toMatchObject({
      action: "learner.deleted",
      actor: "Ada Admin",
      details: { scope: "account", deleted_conversations: 3 },
    });
    const reviewEntries = await call(auditApi, { token: w.admin.token, query: { action: "grade" } });
    expect(reviewEntries.json.entries.length).toBeGreaterThan(0);
    expect(
      reviewEntries.json.entries.every((e: { details: object }) => JSON.stringify(e.details) === '{"redacted":true}'),
    ).toBe(true);
  });
});

describe("a learner who also belongs to another organisation", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let learner: Awaited<ReturnType<typeof fullFootprint>>["learner"];
  let inB: string;
  beforeAll(async () => {
    w = await world();
    ({ learner } = await fullFootprint(w, "Yolanda Twoorgs"));
    await addMember({ userId: learner.id, orgId: w.orgB.id, groupIds: [w.orgB.groups[0].id] });
    inB = (await makeCall(learner.id, w.orgB.id, { endedDaysAgo: 3 })).id;
  });

  it("is removed from this organisation only: its calls and links go, the other organisation's data and the account stay", async () => {
    const res = await call(deleteUser, { method: "DELETE", token: w.admin.token, params: { userId: learner.id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ scope: "organization", deleted_conversations: 2 });
    const db = await getDb();
    const calls = await db.select().from(conversations).where(eq(conversations.user_id, learner.id));
    expect(calls.map((c) => c.organization_id).sort()).toEqual([null, w.orgB.id].sort());
    expect(await db.select().from(memberships).where(eq(memberships.user_id, learner.id))).toEqual([
      expect.objectContaining({ organization_id: w.orgB.id }),
    ]);
    const places = await db.select().from(groupMembers).where(eq(groupMembers.user_id, learner.id));
    expect(places.map((g) => g.group_id)).toEqual([w.orgB.groups[0].id]);
    expect(await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.user_id, learner.id))).toEqual([]);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.user_id, learner.id))).toEqual([]);
    const statsA = await db
      .select()
      .from(learnerStats)
      .where(and(eq(learnerStats.user_id, learner.id), eq(learnerStats.organization_id, w.orgA.id)));
    expect(statsA).toEqual([]);
    const [settings] = await db.select().from(userSettings).where(eq(userSettings.user_id, learner.id));
    expect(settings.active_organization_id).toBeNull();
    // Organisation A's audit log no longer names the learner.
    const aEntries = await db.select().from(auditLog).where(eq(auditLog.organization_id, w.orgA.id));
    expect(JSON.stringify(aEntries)).not.toContain(learner.id);
    expect(JSON.stringify(aEntries)).not.toContain(learner.email);
    // B still has everything, and the learner still signs in and sees B's call.
    expect((await call(getGrade, { token: learner.token, params: { conversationId: inB } })).status).toBe(200);
    expect((await call(getGrade, { token: w.adminB.token, params: { conversationId: inB } })).status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.user_id, learner.id))).not.toEqual([]);
    // A second deletion by A finds nobody.
    const again = await call(deleteUser, { method: "DELETE", token: w.admin.token, params: { userId: learner.id } });
    expect(again.status).toBe(404);
  });
});

describe("who may delete whom", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  const del = (token: string, userId: string) => call(deleteUser, { method: "DELETE", token, params: { userId } });

  it("refuses yourself, another admin, a developer, another organisation's learner, members and bad ids, changing nothing", async () => {
    const otherAdmin = await createUser({ name: "Second Admin" });
    await addMember({ userId: otherAdmin.id, orgId: w.orgA.id, role: "admin" });
    const devInA = await createUser({ name: "Dev In A", isDev: true });
    await addMember({ userId: devInA.id, orgId: w.orgA.id });
    const learnerB = await createUser({ name: "Only In B" });
    await addMember({ userId: learnerB.id, orgId: w.orgB.id });
    const member = await createUser({ name: "Plain Member" });
    await addMember({ userId: member.id, orgId: w.orgA.id });
    const learnerA = await createUser({ name: "Kept Learner" });
    await addMember({ userId: learnerA.id, orgId: w.orgA.id });
    const callA = await makeCall(learnerA.id, w.orgA.id, { endedDaysAgo: 1 });

    expect((await del(w.admin.token, w.admin.id)).status).toBe(400);
    expect((await del(w.admin.token, otherAdmin.id)).json).toEqual({ detail: "Only a developer can delete an admin" });
    expect((await del(w.admin.token, devInA.id)).status).toBe(403);
    expect((await del(w.admin.token, learnerB.id)).status).toBe(404);
    expect((await del(w.adminB.token, learnerA.id)).status).toBe(404);
    expect((await del(member.token, learnerA.id)).status).toBe(403);
    expect((await del(w.admin.token, "00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await del(w.admin.token, "not-an-id")).status).toBe(404);
    const db = await getDb();
    const ids = [w.admin.id, otherAdmin.id, devInA.id, learnerB.id, learnerA.id, member.id];
    const left = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} in ${ids}`);
    expect(left).toHaveLength(ids.length);
    expect(await db.select().from(conversations).where(eq(conversations.id, callA.id))).toHaveLength(1);
    const entries = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'learner.%' and ${auditLog.organization_id} in ${[w.orgA.id, w.orgB.id]}`);
    expect(entries).toEqual([]);
  });

  it("a developer deletes an admin outright; the reviews and comments they wrote stay, author set null", async () => {
    const reviewer = await createUser({ name: "Rita Reviewer" });
    await addMember({ userId: reviewer.id, orgId: w.orgA.id, role: "admin" });
    await addMember({ userId: reviewer.id, orgId: w.orgB.id, role: "admin" });
    const learner = await createUser({ name: "Reviewed Learner" });
    await addMember({ userId: learner.id, orgId: w.orgA.id });
    const c = await makeCall(learner.id, w.orgA.id, { endedDaysAgo: 1 });
    const put = await call(review, {
      method: "PUT",
      token: reviewer.token,
      params: { conversationId: c.id },
      body: { comment: "Solid", score: 90 },
    });
    expect(put.status).toBe(200);
    const comment = await addTurnComment(c.id, c.turnIds[0], reviewer.id);

    expect(
      (await call(devDelete, { method: "DELETE", token: w.admin.token, params: { userId: reviewer.id } })).status,
    ).toBe(403);
    expect((await call(devDelete, { method: "DELETE", token: w.dev.token, params: { userId: w.dev.id } })).status).toBe(
      400,
    );
    const res = await call(devDelete, { method: "DELETE", token: w.dev.token, params: { userId: reviewer.id } });
    expect(res.status).toBe(200);
    expect(res.json.scope).toBe("account");

    const db = await getDb();
    const [kept] = await db.select().from(gradeReviews).where(eq(gradeReviews.conversation_id, c.id));
    expect(kept).toMatchObject({ reviewer_id: null, score: 90, comment: "Solid" });
    const [keptComment] = await db.select().from(turnComments).where(eq(turnComments.id, comment.id));
    expect(keptComment.author_id).toBeNull();
    const grade = await call(getGrade, { token: learner.token, params: { conversationId: c.id } });
    expect(grade.status).toBe(200);
    expect(grade.json.final_score).toBe(90);
    // Both organisations' logs say a developer deleted an account; neither names it.
    for (const orgId of [w.orgA.id, w.orgB.id]) {
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, orgId), eq(auditLog.action, "learner.deleted")));
      expect(entry).toMatchObject({ actor_id: w.dev.id, target_id: null, details: { scope: "account" } });
    }
    expect(await whereFound([reviewer.id, reviewer.email, "Rita Reviewer"])).toEqual([]);
  });
});
