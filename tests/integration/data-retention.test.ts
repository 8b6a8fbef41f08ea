import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { PUT as putRetention } from "@/app/api/organization/retention/route";
import { POST as retry } from "@/app/api/protected/grades/[conversationId]/retry/route";
import { GET as getGrade } from "@/app/api/protected/grades/[conversationId]/route";
import { type Database, getDb, schema } from "@/db";
import {
  auditLog,
  conversations,
  conversationTurns,
  gradeReviews,
  grades,
  organizations,
  turnComments,
} from "@/db/schema";
import { sweepRetention } from "@/lib/data/retention";

import { addReview, addTurnComment, makeCall } from "../fixtures/data";
import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";

type People = Awaited<ReturnType<typeof setup>>;

async function setup() {
  const orgA = await createOrg({ name: "Retention A" });
  const orgB = await createOrg({ name: "Retention B" });
  const learner = await createUser({ name: "Lena Learner" });
  const admin = await createUser({ name: "Ari Admin" });
  const member = await createUser({ name: "Max Member" });
  const adminB = await createUser({ name: "Bea B" });
  await addMember({ userId: learner.id, orgId: orgA.id });
  await addMember({ userId: member.id, orgId: orgA.id });
  await addMember({ userId: admin.id, orgId: orgA.id, role: "admin" });
  await addMember({ userId: adminB.id, orgId: orgB.id, role: "admin" });
  await addMember({ userId: learner.id, orgId: orgB.id });
  return { orgA, orgB, learner, admin, member, adminB };
}

const turnsOf = async (ids: string[]) => {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(conversationTurns)
    .where(inArray(conversationTurns.conversation_id, ids));
  return row.n;
};

describe("retention: the setting", () => {
  let p: People;
  beforeAll(async () => {
    p = await setup();
  });

  it("an admin sets and clears the days for their own organisation only, and each change is audited", async () => {
    const set = await call(putRetention, { method: "PUT", token: p.admin.token, body: { retention_days: 30 } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ retention_days: 30 });
    // B's admin changes B, never A.
    expect(
      (await call(putRetention, { method: "PUT", token: p.adminB.token, body: { retention_days: 7 } })).status,
    ).toBe(200);
    const db = await getDb();
    const rows = await db
      .select()
      .from(organizations)
      .where(inArray(organizations.id, [p.orgA.id, p.orgB.id]));
    expect(Object.fromEntries(rows.map((o) => [o.name, o.retention_days]))).toEqual({
      "Retention A": 30,
      "Retention B": 7,
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "retention.changed"));
    expect(audit.find((a) => a.organization_id === p.orgA.id)).toMatchObject({
      actor_id: p.admin.id,
      details: { from_days: null, to_days: 30 },
    });
    const cleared = await call(putRetention, { method: "PUT", token: p.adminB.token, body: { retention_days: null } });
    expect(cleared.json).toEqual({ retention_days: null });
  });

  it("refuses a member, and days outside 1-3650 or not whole, with a 4xx and no change", async () => {
    expect(
      (await call(putRetention, { method: "PUT", token: p.member.token, body: { retention_days: 5 } })).status,
    ).toBe(403);
    for (const bad of [0, -1, 3651, 1.5, "30", true, {}]) {
      const res = await call(putRetention, { method: "PUT", token: p.admin.token, body: { retention_days: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.json.detail[0].msg).toMatch(/1 to 3650/);
    }
    expect((await call(putRetention, { method: "PUT", token: p.admin.token, body: {} })).status).toBe(422);
    const db = await getDb();
    const [org] = await db.select().from(organizations).where(eq(organizations.id, p.orgA.id));
    expect(org.retention_days).toBe(30);
    // The edges are accepted.
    for (const days of [1, 3650, 30]) {
      expect(
        (await call(putRetention, { method: "PUT", token: p.admin.token, body: { retention_days: days } })).status,
      ).toBe(200);
    }
  });
});

describe("retention: the sweep", () => {
  let p: People;
  beforeAll(async () => {
    p = await setup();
    const db = await getDb();
    await db.update(organizations).set({ retention_days: 30 }).where(eq(organizations.id, p.orgA.id));
  });

  it("deletes old transcripts and the comments on them, keeps grades, reviews and everything recent or elsewhere", async () => {
    const old = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 31 });
    const oldAbandoned = await makeCall(p.learner.id, p.orgA.id, {
      endedDaysAgo: 40,
      status: "abandoned",
      grade: null,
    });
    const oldFailed = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 45, grade: "failed" });
    const recent = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 29 });
    const pending = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 60, grade: "pending" });
    const active = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 60, status: "active", grade: null });
    const elsewhere = await makeCall(p.learner.id, p.orgB.id, { endedDaysAgo: 400 }); // B keeps transcripts
    await addReview(old.id, p.admin.id);
    const purgedComment = await addTurnComment(old.id, old.turnIds[0], p.admin.id);
    const keptComment = await addTurnComment(recent.id, recent.turnIds[0], p.admin.id);

    const first = await sweepRetention();
    expect(first.purged.sort()).toEqual([old.id, oldAbandoned.id, oldFailed.id].sort());
    expect(await turnsOf([old.id, oldAbandoned.id, oldFailed.id])).toBe(0);
    expect(await turnsOf([recent.id, pending.id, active.id, elsewhere.id])).toBe(8);

    const db = await getDb();
    const comments = await db.select({ id: turnComments.id }).from(turnComments);
    expect(comments.map((c) => c.id)).toEqual([keptComment.id]);
    expect(comments.map((c) => c.id)).not.toContain(purgedComment.id);
    const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, old.id));
    expect(grade).toMatchObject({ status: "graded", score: 72 });
    expect(await db.select().from(gradeReviews).where(eq(gradeReviews.conversation_id, old.id))).toHaveLength(1);
    const marked = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(isNotNull(conversations.transcript_purged_at));
    expect(marked.map((m) => m.id).sort()).toEqual(first.purged.sort());
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "retention.transcripts_deleted"), eq(auditLog.organization_id, p.orgA.id)));
    expect(entry).toMatchObject({ actor_id: null, details: { conversations: 3, system: true } });

    // Idempotent: a second run finds nothing and writes nothing.
    expect((await sweepRetention()).purged).toEqual([]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "retention.transcripts_deleted"));
    expect(entries).toHaveLength(1);
  });

  it("the grade API and page data say the transcript was deleted, and the grade stays", async () => {
    const c = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 35 });
    await sweepRetention();
    const res = await call(getGrade, { token: p.learner.token, params: { conversationId: c.id } });
    expect(res.status).toBe(200);
    expect(res.json.conversation_score).toBe(72);
    expect(res.json.transcript).toEqual([]);
    expect(res.json.transcript_deleted_at).toEqual(expect.any(String));
  });

  it("a failed grade whose transcript is gone cannot be retried (it would grade an empty call)", async () => {
    const c = await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 90, grade: "failed" });
    await sweepRetention();
    const res = await call(retry, { method: "POST", token: p.learner.token, params: { conversationId: c.id } });
    expect(res.status).toBe(409);
    expect(res.json.detail).toMatch(/retention/);
  });

  it("the gradebook CSV keeps the row and its scores and says when the transcript was deleted", async () => {
    const res = await call(exportCsv, { token: p.admin.token });
    expect(res.status).toBe(200);
    const rows = csvRecords(res.json as string);
    const purged = rows.filter((r) => r.transcript?.startsWith("deleted "));
    const kept = rows.filter((r) => r.transcript === "kept");
    expect(purged.length).toBeGreaterThan(0);
    expect(kept.length).toBeGreaterThan(0);
    expect(purged.every((r) => r.transcript.endsWith("(retention)"))).toBe(true);
    const graded = purged.filter((r) => r.status === "graded");
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.every((r) => r.automatic_score === "72")).toBe(true);
    const db = await getDb();
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "grades.exported"))).toHaveLength(1);
  });
});

/** A second database client, as a second app instance would have (PostgreSQL only; PGlite has one connection). */
function secondInstance(): { db: Database; close: () => Promise<void> } | null {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const client = postgres(url, { max: 4, onnotice: () => {} });
  return { db: drizzle(client, { schema }) as unknown as Database, close: () => client.end({ timeout: 5 }) };
}

describe("retention: two sweeps at once", () => {
  let p: People;
  let other: ReturnType<typeof secondInstance>;
  beforeAll(async () => {
    p = await setup();
    const db = await getDb();
    await db
      .update(organizations)
      .set({ retention_days: 10 })
      .where(inArray(organizations.id, [p.orgA.id, p.orgB.id]));
    other = secondInstance();
  });
  afterAll(async () => {
    await other?.close();
  });

  it("purge each old call exactly once between them, and touch nothing else", async () => {
    const db = await getDb();
    // Whatever earlier blocks left in other organisations is out of this test's way.
    await db
      .update(organizations)
      .set({ retention_days: null })
      .where(and(isNotNull(organizations.retention_days), eq(organizations.name, "Retention A")));
    await db
      .update(organizations)
      .set({ retention_days: 10 })
      .where(inArray(organizations.id, [p.orgA.id, p.orgB.id]));
    const olds = [];
    for (let i = 0; i < 40; i++) {
      olds.push(await makeCall(p.learner.id, i % 2 ? p.orgA.id : p.orgB.id, { endedDaysAgo: 11 + i }));
    }
    const keep = [
      await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 9 }),
      await makeCall(p.learner.id, p.orgB.id, { endedDaysAgo: 60, grade: "pending" }),
    ];
    const already = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(isNotNull(conversations.transcript_purged_at));

    const [one, two] = await Promise.all([
      sweepRetention({ batchSize: 3 }),
      sweepRetention({ batchSize: 3, db: other?.db }),
    ]);
    const all = [...one.purged, ...two.purged];
    expect(new Set(all).size).toBe(all.length); // nobody purged a call the other did
    expect(all.sort()).toEqual(olds.map((c) => c.id).sort());
    expect(await turnsOf(olds.map((c) => c.id))).toBe(0);
    expect(await turnsOf(keep.map((c) => c.id))).toBe(4);
    const marked = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(isNotNull(conversations.transcript_purged_at));
    expect(marked.length).toBe(already.length + olds.length);
    const graded = await db
      .select({ n: count() })
      .from(grades)
      .where(
        and(
          inArray(
            grades.conversation_id,
            olds.map((c) => c.id),
          ),
          eq(grades.status, "graded"),
        ),
      );
    expect(graded[0].n).toBe(40);
    // The audit counts add up to the calls purged, whichever instance did them.
    const entries = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "retention.transcripts_deleted"),
          inArray(auditLog.organization_id, [p.orgA.id, p.orgB.id]),
        ),
      );
    expect(entries.reduce((n, e) => n + Number(e.details.conversations), 0)).toBe(40);
  });
});

describe("retention: a batch another instance holds", () => {
  it.skipIf(!process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)(
    "is skipped, not waited for and not purged twice (PostgreSQL)",
    async () => {
      const p = await setup();
      const db = await getDb();
      await db.update(organizations).set({ retention_days: null });
      await db.update(organizations).set({ retention_days: 10 }).where(eq(organizations.id, p.orgA.id));
      const olds = [];
      for (let i = 0; i < 8; i++) olds.push(await makeCall(p.learner.id, p.orgA.id, { endedDaysAgo: 20 + i }));
      const other = secondInstance()!;
      const { lockPurgeBatch } = await import("@/db/queries/retention");
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked: string[] = [];
      const holder = other.db.transaction(async (tx) => {
        locked = (await lockPurgeBatch(tx, { now: new Date(), limit: 3 })).map((c) => c.id);
        await held; // the other instance is mid-batch
      });
      while (!locked.length) await new Promise((r) => setTimeout(r, 10));
      const sweep = await sweepRetention({ batchSize: 2 });
      expect(locked).toHaveLength(3);
      expect(sweep.purged.sort()).toEqual(
        olds
          .map((c) => c.id)
          .filter((id) => !locked.includes(id))
          .sort(),
      );
      release();
      await holder;
      // Once released, the next sweep takes the three, and only them.
      expect((await sweepRetention()).purged.sort()).toEqual([...locked].sort());
      await other.close();
    },
  );
});
