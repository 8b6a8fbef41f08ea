import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as addUser } from "@/app/api/dev/organization/add_user/route";
import { GET as auditApi } from "@/app/api/organization/audit/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { PUT as putRetention } from "@/app/api/organization/retention/route";
import { GET as exportOwn } from "@/app/api/protected/account/export/route";
import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { auditLog, criterionReviews, users } from "@/db/schema";

import { addTurnComment, makeCall } from "../fixtures/data";
import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";

async function world() {
  const tag = Math.random().toString(36).slice(2, 8);
  const orgA = await createOrg({ name: "Export A", groups: ["Cohort 1"] });
  const orgB = await createOrg({ name: "Export B" });
  const learner = await createUser({ name: "Lou Learner", email: `lou.learner.${tag}@test.parley` });
  const classmate = await createUser({ name: "Cara Classmate", email: `cara.classmate.${tag}@test.parley` });
  const admin = await createUser({ name: "Ada Admin", email: `ada.admin.${tag}@test.parley` });
  const adminB = await createUser({ name: "Bo Admin" });
  const dev = await createUser({ name: "Dee Dev", isDev: true });
  await addMember({ userId: learner.id, orgId: orgA.id, groupIds: [orgA.groups[0].id] });
  await addMember({ userId: classmate.id, orgId: orgA.id, groupIds: [orgA.groups[0].id] });
  await addMember({ userId: admin.id, orgId: orgA.id, role: "admin" });
  await addMember({ userId: adminB.id, orgId: orgB.id, role: "admin" });
  return { orgA, orgB, learner, classmate, admin, adminB, dev };
}

describe("a learner downloads their own data", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let mine: Awaited<ReturnType<typeof makeCall>>;
  beforeAll(async () => {
    w = await world();
    mine = await makeCall(w.learner.id, w.orgA.id, { endedDaysAgo: 2, learnerSays: "What does approval cost you?" });
    await makeCall(w.classmate.id, w.orgA.id, { endedDaysAgo: 2, learnerSays: "Classmate's private words" });
    const res = await call(review, {
      method: "PUT",
      token: w.admin.token,
      params: { conversationId: mine.id },
      body: { comment: "Good cost question", score: 85 },
    });
    expect(res.status).toBe(200);
    await addTurnComment(mine.id, mine.turnIds[0], w.admin.id, "Great implication question");
    const db = await getDb();
    await db.insert(criterionReviews).values({
      conversation_id: mine.id,
      criterion_id: "next_step",
      previous_score: 40,
      score: 70,
      reason: "A next step was agreed",
      reviewer_id: w.admin.id,
    });
  });

  it("as JSON: the account, memberships, credits, and each call with transcript, grade, review, comments and criterion reviews", async () => {
    const res = await call(exportOwn, { token: w.learner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="parley-my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = res.json;
    expect(data.account).toMatchObject({ id: w.learner.id, email: w.learner.email, name: "Lou Learner" });
    expect(data.credits).toEqual({ total: 50, used: 0, remaining: 50 });
    expect(data.memberships).toEqual([
      expect.objectContaining({ organization: "Export A", role: "member", groups: "Cohort 1" }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.conversations).toHaveLength(1);
    const c = data.conversations[0];
    expect(c.transcript.map((t: { text: string }) => t.text)).toEqual([
      "What does approval cost you?",
      "Three sign-offs.",
    ]);
    expect(c.grade).toMatchObject({ status: "graded", score: 72 });
    expect(c.review).toMatchObject({ score: 85, comment: "Good cost question", reviewer: "Ada Admin" });
    expect(c.turn_comments).toEqual([
      expect.objectContaining({ turn_seq: 0, body: "Great implication question", author: "Ada Admin" }),
    ]);
    // (A whole-grade review is kept as the "@overall" criterion's history too.)
    expect(c.criterion_reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ criterion_id: "next_step", previous_score: 40, score: 70, reviewer: "Ada Admin" }),
      ]),
    );
  });

  it("holds nobody else's data beyond a reviewer's display name, and no hash, token or session id", async () => {
    const text = JSON.stringify((await call(exportOwn, { token: w.learner.token })).json);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, w.learner.id));
    for (const secret of [
      row.password_hash!,
      w.learner.token,
      w.learner.sessionId,
      w.classmate.email,
      "Cara Classmate",
      "Classmate's private words",
      w.admin.email,
      w.admin.id,
      "password",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("as CSV: one row per fact, its kind in the first column", async () => {
    const res = await call(exportOwn, { token: w.learner.token, query: { format: "csv" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const rows = csvRecords(res.json as string);
    const kinds = new Set(rows.map((r) => r.record));
    for (const k of [
      "account",
      "credits",
      "membership",
      "conversation",
      "turn",
      "grade",
      "review",
      "turn_comment",
      "criterion_review",
    ])
      expect(kinds, k).toContain(k);
    expect(rows.find((r) => r.record === "review")).toMatchObject({
      score: "85",
      by: "Ada Admin",
      text: "Good cost question",
    });
    expect(res.json).not.toContain("Cara Classmate");
  });

  it("refuses an unknown format, and records each export in the audit log", async () => {
    const bad = await call(exportOwn, { token: w.learner.token, query: { format: "xml" } });
    expect(bad.status).toBe(422);
    const log = await call(auditApi, { token: w.admin.token, query: { action: "account.exported" } });
    expect(log.json.entries.length).toBe(3); // JSON twice and CSV once, above
    expect(log.json.entries[0]).toMatchObject({ actor: "Lou Learner", target: "Lou Learner" });
  });

  it("a learner without any organisation can download theirs too", async () => {
    const loner = await createUser({ name: "No Org" });
    const res = await call(exportOwn, { token: loner.token });
    expect(res.status).toBe(200);
    expect(res.json.memberships).toEqual([]);
    expect(res.json.conversations).toEqual([]);
  });
});

describe("the audit log", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });

  it("records role changes made by a developer, shown by the actor's name", async () => {
    const newcomer = await createUser({ name: "Nia Newcomer" });
    const add = (role: "admin" | "member") =>
      call(addUser, { token: w.dev.token, body: { user_id: newcomer.id, organization_id: w.orgA.id, role } });
    expect((await add("member")).status).toBe(200);
    expect((await add("admin")).status).toBe(200);
    expect((await add("admin")).status).toBe(200); // no change, no entry
    const log = await call(auditApi, { token: w.admin.token, query: { action: "member" } });
    expect(log.json.entries).toHaveLength(2);
    expect(log.json.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "member.role_changed",
          actor: "Dee Dev",
          target: "Nia Newcomer",
          details: { from_role: "member", to_role: "admin" },
        }),
        expect.objectContaining({ action: "member.added", details: { from_role: null, to_role: "member" } }),
      ]),
    );
  });

  it("shows an organisation's entries to its admins only, newest first, 50 a page, filtered by action or actor", async () => {
    const db = await getDb();
    // A second apart, oldest first, so "newest first" has one answer whatever the clock's resolution.
    await db.insert(auditLog).values(
      Array.from({ length: 55 }, (_, i) => ({
        organization_id: w.orgA.id,
        actor_id: w.admin.id,
        action: "test.bulk",
        details: { i },
        created_at: new Date(Date.now() - (60 - i) * 1000),
      })),
    );
    await recordAudit(db, {
      organizationId: w.orgB.id,
      actorId: w.adminB.id,
      action: "test.bulk",
      details: { b: true },
    });
    expect(
      (await call(putRetention, { method: "PUT", token: w.admin.token, body: { retention_days: 90 } })).status,
    ).toBe(200);

    const first = await call(auditApi, { token: w.admin.token });
    expect(first.status).toBe(200);
    expect(first.json.page_size).toBe(50);
    expect(first.json.entries).toHaveLength(50);
    expect(first.json.entries[0]).toMatchObject({ action: "retention.changed", actor: "Ada Admin" });
    const total = first.json.total;
    const last = await call(auditApi, { token: w.admin.token, query: { page: "2" } });
    expect(last.json.entries).toHaveLength(total - 50);
    const bulk = await call(auditApi, { token: w.admin.token, query: { action: "test.bulk" } });
    expect(bulk.json.total).toBe(55); // organisation B's entry is not among them
    expect(bulk.json.entries[0].details).toEqual({ i: 54 });
    const byDev = await call(auditApi, { token: w.admin.token, query: { actor_id: w.dev.id } });
    expect(byDev.json.total).toBe(2);
    expect(first.json.filters.actions).toEqual(
      expect.arrayContaining(["test.bulk", "retention.changed", "member.added"]),
    );

    const b = await call(auditApi, { token: w.adminB.token, query: { action: "test.bulk" } });
    expect(b.json.total).toBe(1);
    expect((await call(auditApi, { token: w.learner.token })).status).toBe(403);
  });

  it("refuses bad filters with a 422", async () => {
    for (const query of <Record<string, string>[]>[
      { page: "0" },
      { page: "x" },
      { actor_id: "nope" },
      { action: "DROP TABLE" },
      { action: "a".repeat(65) },
    ]) {
      const res = await call(auditApi, { token: w.admin.token, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
  });
});
