import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { creditsBar } from "@/components/dashboard/credits-card";
import { getDb } from "@/db";
import { conversations, creditAccounts, grades } from "@/db/schema";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

const persona = { name: "P", role: "R", situation: "S", background: "B", pain_points: ["x"], goals: ["y"] };
const minutes = (n: number) => n * 60_000;

async function conversation(
  userId: string,
  opts: {
    name: string;
    startedMinutesAgo: number;
    lengthMinutes?: number;
    grade?: { status: "pending" | "graded" | "failed"; score?: number };
  },
) {
  const db = await getDb();
  const started = new Date(Date.now() - minutes(opts.startedMinutesAgo));
  const ended = opts.lengthMinutes === undefined ? null : new Date(started.getTime() + minutes(opts.lengthMinutes));
  const [row] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      schema_name: opts.name,
      persona,
      mode: "local",
      status: ended ? "ended" : "active",
      started_at: started,
      ended_at: ended,
    })
    .returning();
  if (opts.grade)
    await db
      .insert(grades)
      .values({ conversation_id: row.id, status: opts.grade.status, score: opts.grade.score ?? null });
  return row.id;
}

describe("GET /api/protected/dashboard", () => {
  let learner: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    learner = await createUser({ name: "Maya Member", credits: 10 });
    const org = await createOrg({ name: "Riverside University Sales Lab" });
    await addMember({ userId: learner.id, orgId: org.id, role: "member" });
    ids.oldest = await conversation(learner.id, {
      name: "Oldest",
      startedMinutesAgo: 300,
      lengthMinutes: 10,
      grade: { status: "graded", score: 80 },
    });
    ids.middle = await conversation(learner.id, {
      name: "Middle",
      startedMinutesAgo: 200,
      lengthMinutes: 5.4,
      grade: { status: "graded", score: 75 },
    });
    ids.pending = await conversation(learner.id, {
      name: "Pending",
      startedMinutesAgo: 100,
      lengthMinutes: 4.8,
      grade: { status: "pending" },
    });
    ids.failed = await conversation(learner.id, {
      name: "Failed",
      startedMinutesAgo: 50,
      lengthMinutes: 2,
      grade: { status: "failed", score: 10 },
    });
    await conversation(learner.id, { name: "Still going", startedMinutesAgo: 1 });
    const someoneElse = await createUser();
    await conversation(someoneElse.id, {
      name: "Not mine",
      startedMinutesAgo: 5,
      lengthMinutes: 30,
      grade: { status: "graded", score: 10 },
    });
    const db = await getDb();
    await db.update(creditAccounts).set({ credits_used: 4 }).where(eq(creditAccounts.user_id, learner.id));
  });

  it("answers the spec's dashboard object from the user's finished conversations", async () => {
    const res = await call(dashboard, { token: learner.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      user: "Maya Member",
      isDev: false,
      organization: "Riverside University Sales Lab",
      organizationRole: "member",
      stats: { totalConversations: 4, totalTimeMinutes: 22, averageScore: 77.5 },
      subscription: { credits_current: 6, credits_total: 10, credits_used: 4 },
    });
  });

  it("lists every conversation the learner started, newest first, with its status and a score only once graded", async () => {
    const { json } = await call(dashboard, { token: learner.token });
    expect(json.conversations.map((c: { name: string }) => c.name)).toEqual([
      "Still going",
      "Failed",
      "Pending",
      "Middle",
      "Oldest",
    ]);
    expect(json.conversations.map((c: { score: number | null }) => c.score)).toEqual([null, null, null, 75, 80]);
    expect(json.conversations.map((c: { status: string }) => c.status)).toEqual([
      "in_progress",
      "grading_failed",
      "grading",
      "graded",
      "graded",
    ]);
    expect(json.conversations[1]).toEqual({
      id: ids.failed,
      name: "Failed",
      started_at: expect.any(String),
      score: null,
      status: "grading_failed",
      grade_state: null,
      source: "practice",
      unread_comments: 0,
    });
    expect(new Date(json.conversations[0].started_at).toString()).not.toBe("Invalid Date");
  });

  it("rounds the average score to one decimal", async () => {
    await conversation(learner.id, {
      name: "Third",
      startedMinutesAgo: 30,
      lengthMinutes: 1,
      grade: { status: "graded", score: 70 },
    });
    const { json } = await call(dashboard, { token: learner.token });
    expect(json.stats.averageScore).toBe(75); // (80 + 75 + 70) / 3
    await conversation(learner.id, {
      name: "Fourth",
      startedMinutesAgo: 20,
      lengthMinutes: 1,
      grade: { status: "graded", score: 71 },
    });
    expect((await call(dashboard, { token: learner.token })).json.stats.averageScore).toBe(74); // 296 / 4
    await conversation(learner.id, {
      name: "Fifth",
      startedMinutesAgo: 10,
      lengthMinutes: 1,
      grade: { status: "graded", score: 72 },
    });
    expect((await call(dashboard, { token: learner.token })).json.stats.averageScore).toBe(73.6); // 368 / 5
  });

  it("gives a new user without an organisation zeros, a null average and the empty organisation", async () => {
    const fresh = await createUser({ name: "", credits: 0, isDev: true });
    const { json } = await call(dashboard, { token: fresh.token });
    expect(json).toEqual({
      user: fresh.email,
      isDev: true,
      organization: "",
      organizationRole: "member",
      stats: { totalConversations: 0, totalTimeMinutes: 0, averageScore: null },
      subscription: { credits_current: 0, credits_total: 0, credits_used: 0 },
      conversations: [],
      assignments: [], // issue 14: the learner's assignments (none without an organisation)
    });
  });

  it("shows the admin role from the membership", async () => {
    const admin = await createUser();
    const org = await createOrg();
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    expect((await call(dashboard, { token: admin.token })).json.organizationRole).toBe("admin");
  });

  it("requires a token", async () => {
    const res = await call(dashboard);
    expect(res.status).toBe(401);
    expect(res.json.detail).toBe("No authentication token found");
  });
});

describe("credits bar", () => {
  it.each([
    [
      { credits_current: 49, credits_total: 50, credits_used: 1 },
      { percent: 98, grey: false },
    ],
    [
      { credits_current: 0, credits_total: 50, credits_used: 50 },
      { percent: 0, grey: false },
    ],
    [
      { credits_current: 60, credits_total: 50, credits_used: 0 },
      { percent: 100, grey: false },
    ],
    [
      { credits_current: -3, credits_total: 50, credits_used: 53 },
      { percent: 0, grey: false },
    ],
    [
      { credits_current: 0, credits_total: 0, credits_used: 0 },
      { percent: 100, grey: true },
    ],
  ])("is current/total clamped to 0..100%%, full and grey without a total: %o", (subscription, expected) => {
    expect(creditsBar(subscription)).toEqual(expected);
  });
});
