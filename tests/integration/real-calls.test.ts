import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { GET as statsDashboard } from "@/app/api/organization/stats-dashboard/route";
import { GET as userConversations } from "@/app/api/organization/users/[userId]/conversations/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { GET as gradeApi } from "@/app/api/protected/grades/[conversationId]/route";
import { POST as previewRoute } from "@/app/api/protected/real-calls/preview/route";
import { POST as createRoute } from "@/app/api/protected/real-calls/route";
import { getDb } from "@/db";
import { assignments, conversations, conversationTurns, creditAccounts, grades } from "@/db/schema";
import { drainGrades } from "@/lib/grading/worker";

import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const CALL = [
  "[00:00:02] Sam Lee: Hi Dana, thanks for making the time today.",
  "[00:00:06] Dana Ortiz: Sure. What is this about?",
  "[00:00:10] Sam Lee: How does your team close the books at month end right now?",
  "[00:00:16] Dana Ortiz: Mostly by hand in spreadsheets. It takes about eight days.",
  "[00:00:24] Sam Lee: What happens when it runs late, who feels it first?",
  "[00:00:31] Dana Ortiz: The CFO. Reports go out late and the board asks questions.",
  "[00:00:39] Sam Lee: If you could close in three days, what would that mean for your team?",
  "[00:00:47] Dana Ortiz: We could finally do analysis instead of data entry.",
  "[00:00:55] Sam Lee: Would a 30 minute demo next Tuesday make sense to look at that?",
  "[00:01:01] Dana Ortiz: Yes, Tuesday works.",
].join("\n");

let org: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
let learner: Awaited<ReturnType<typeof createUser>>;
let peer: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let otherAdmin: Awaited<ReturnType<typeof createUser>>;
let secondAdmin: Awaited<ReturnType<typeof createUser>>;
let roleplayId: string;
let privateRoleplayId: string;

const count = async () => {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(conversations);
  const [turns] = await db.select({ n: sql<number>`count(*)::int` }).from(conversationTurns);
  const [gradeRows] = await db.select({ n: sql<number>`count(*)::int` }).from(grades);
  return { conversations: Number(row.n), turns: Number(turns.n), grades: Number(gradeRows.n) };
};
const preview = (token: string, body: unknown) => call(previewRoute, { method: "POST", token, body });
const create = (token: string, body: unknown) => call(createRoute, { method: "POST", token, body });

beforeAll(async () => {
  org = await createOrg({ name: "Upload Org", groups: ["G1", "G2"] });
  other = await createOrg({ name: "Other Org", groups: ["O1"] });
  learner = await createUser({ name: "Sam Lee" });
  peer = await createUser({ name: "Pia Peer" });
  admin = await createUser({ name: "Ada Admin" });
  otherAdmin = await createUser({ name: "Otto Other" });
  await addMember({ userId: learner.id, orgId: org.id, groupIds: [org.groups[0].id] });
  await addMember({ userId: peer.id, orgId: org.id, groupIds: [org.groups[0].id] });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
  secondAdmin = await createUser({ name: "Second Admin" });
  await addMember({ userId: secondAdmin.id, orgId: org.id, role: "admin" });
  roleplayId = (await makeRoleplay(org.id)).id;
  privateRoleplayId = (await makeRoleplay(org.id, { isPublic: false, groupIds: [org.groups[1].id] })).id;
});

describe("step 1: the speakers found", () => {
  it("lists each speaker with a sample line, and stores nothing", async () => {
    const before = await count();
    const res = await preview(learner.token, { content: CALL, filename: "call.txt" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ format: "text", turns: 10, duration_seconds: 60 });
    expect(res.json.speakers).toEqual([
      expect.objectContaining({ label: "Sam Lee", turns: 5, sample: "Hi Dana, thanks for making the time today." }),
      expect.objectContaining({ label: "Dana Ortiz", turns: 5 }),
    ]);
    expect(await count()).toEqual(before);
  });

  const bad: [string, unknown, number, RegExp][] = [
    ["an empty file", { content: "" }, 400, /empty/],
    ["binary junk", { content: "PK\u0003\u0004\u0001\u0002\u0003\u0005\u0006\u0007\u0008 junk" }, 415, /not a text/],
    ["an unknown format", { content: "We talked about the budget and it went fine." }, 422, /speaker labels/],
    ["subtitles without speakers", { content: "WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n" }, 422, /voice tags/],
    ["a file over the size limit", { content: `Sam: ${"x".repeat(520 * 1024)}` }, 413, /larger than 512 KB/],
    ["no content at all", {}, 422, /.*/],
  ];
  for (const [name, body, status, detail] of bad) {
    it(`refuses ${name} with ${status}`, async () => {
      const before = await count();
      const res = await preview(learner.token, body);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.json.detail)).toMatch(detail);
      expect(await count()).toEqual(before);
    });
  }
});

describe("step 2: graded like a practice call", () => {
  it("a learner's own call: stored as a real call, no credit spent, graded by the worker", async () => {
    const db = await getDb();
    const [credit] = await db.select().from(creditAccounts).where(eq(creditAccounts.user_id, learner.id));
    const res = await create(learner.token, { content: CALL, learner_label: "sam lee", roleplay_id: roleplayId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ source: "real_call", status: "pending", learner_label: "Sam Lee" });
    const id = res.json.conversation_id as string;

    const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
    expect(row).toMatchObject({
      user_id: learner.id,
      uploaded_by: learner.id,
      organization_id: org.id,
      source: "real_call",
      status: "ended",
      learner_label: "Sam Lee",
      schema_id: roleplayId,
    });
    expect(row.persona.name).toBe("Dana Ortiz");
    const turns = await db.select().from(conversationTurns).where(eq(conversationTurns.conversation_id, id));
    expect(turns.map((t) => t.speaker).slice(0, 3)).toEqual(["learner", "persona", "learner"]);
    expect(turns.every((t) => t.source === "voice")).toBe(true);

    const [after] = await db.select().from(creditAccounts).where(eq(creditAccounts.user_id, learner.id));
    expect(after.credits_used).toBe(credit.credits_used);

    await drainGrades();
    const grade = await call(gradeApi, { token: learner.token, params: { conversationId: id } });
    expect(grade.status).toBe(200);
    expect(grade.json).toMatchObject({ status: "graded", source: "real_call", learner_label: "Sam Lee" });
    expect(grade.json.conversation_score).toBeGreaterThan(0);
    expect(grade.json.wpm).not.toBeNull();

    // Listed with its mark; left out of the practice statistics.
    const dash = await call(dashboard, { token: learner.token });
    expect(dash.json.conversations[0]).toMatchObject({ id, source: "real_call", status: "graded" });
    expect(dash.json.stats).toMatchObject({ totalConversations: 0, totalTimeMinutes: 0, averageScore: null });
  });

  it("an admin uploads for a learner of their organisation; the buyer's side is every other speaker", async () => {
    const three = `${CALL}\nMo Finance: I'd like to join that demo too.`;
    const res = await create(admin.token, {
      content: three,
      learner_label: "Sam Lee",
      roleplay_id: roleplayId,
      learner_id: learner.id,
    });
    expect(res.status).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(conversations).where(eq(conversations.id, res.json.conversation_id));
    expect(row).toMatchObject({ user_id: learner.id, uploaded_by: admin.id, source: "real_call" });
    expect(row.persona.name).toBe("Dana Ortiz & Mo Finance");
  });

  const refused: [string, () => { token: string; body: Record<string, unknown> }, number, RegExp][] = [
    [
      "a speaker not in the file",
      () => ({ token: learner.token, body: { content: CALL, learner_label: "Alex", roleplay_id: roleplayId } }),
      422,
      /Speaker "Alex" is not in this transcript \(found "Sam Lee", "Dana Ortiz"\)/,
    ],
    [
      "a learner label that never says anything (no learner turns)",
      () => ({
        token: learner.token,
        body: { content: "Sam:\nDana Ortiz: Hello? Is anyone there?", learner_label: "Sam", roleplay_id: roleplayId },
      }),
      422,
      /"Sam" says nothing in this call: there are no learner turns to grade/,
    ],
    [
      "a file with one speaker (no buyer's side)",
      () => ({
        token: learner.token,
        body: { content: "Sam: Hello?\nSam: Anyone?", learner_label: "Sam", roleplay_id: roleplayId },
      }),
      422,
      /only one speaker/,
    ],
    [
      "no learner chosen",
      () => ({ token: learner.token, body: { content: CALL, learner_label: " ", roleplay_id: roleplayId } }),
      422,
      /Choose which speaker is the learner/,
    ],
    [
      "a roleplay the learner cannot see",
      () => ({
        token: learner.token,
        body: { content: CALL, learner_label: "Sam Lee", roleplay_id: privateRoleplayId },
      }),
      404,
      /Roleplay not found/,
    ],
    [
      "another organisation's admin, for our learner",
      () => ({
        token: otherAdmin.token,
        body: { content: CALL, learner_label: "Sam Lee", roleplay_id: roleplayId, learner_id: learner.id },
      }),
      404,
      /Roleplay not found/,
    ],
    [
      "a member uploading for another member",
      () => ({
        token: peer.token,
        body: { content: CALL, learner_label: "Sam Lee", roleplay_id: roleplayId, learner_id: learner.id },
      }),
      404,
      /Learner not found/,
    ],
    [
      "an admin naming another admin (admins are not learners)",
      () => ({
        token: admin.token,
        body: { content: CALL, learner_label: "Sam Lee", roleplay_id: roleplayId, learner_id: secondAdmin.id },
      }),
      404,
      /Learner not found/,
    ],
    [
      "an admin naming someone outside the organisation",
      () => ({
        token: admin.token,
        body: { content: CALL, learner_label: "Sam Lee", roleplay_id: roleplayId, learner_id: otherAdmin.id },
      }),
      404,
      /Learner not found/,
    ],
    [
      "an empty file",
      () => ({ token: learner.token, body: { content: "   ", learner_label: "Sam", roleplay_id: roleplayId } }),
      400,
      /empty/,
    ],
    [
      "binary junk",
      () => ({
        token: learner.token,
        body: {
          content: "\u007fELF\u0002\u0001\u0001\u0003\u0004\u0005\u0006",
          learner_label: "Sam",
          roleplay_id: roleplayId,
        },
      }),
      415,
      /not a text transcript/,
    ],
  ];
  for (const [name, make, status, detail] of refused) {
    it(`refuses ${name} with ${status} and stores nothing`, async () => {
      const before = await count();
      const { token, body } = make();
      const res = await create(token, body);
      expect(res.status).toBe(status);
      expect(typeof res.json.detail === "string" ? res.json.detail : JSON.stringify(res.json.detail)).toMatch(detail);
      expect(await count()).toEqual(before);
    });
  }
});

describe("left out of practice", () => {
  it("is no attempt at an open assignment, and the CSV marks it without an assignment", async () => {
    const solo = await createUser({ name: "Solo Learner" });
    await addMember({ userId: solo.id, orgId: org.id, groupIds: [org.groups[0].id] });
    const db = await getDb();
    const [assignment] = await db
      .insert(assignments)
      .values({
        organization_id: org.id,
        schema_id: roleplayId,
        due_at: new Date(Date.now() + 7 * 86_400_000),
        pass_mark: 10,
        min_attempts: 1,
        created_by: admin.id,
      })
      .returning();
    const script = CALL.replaceAll("Sam Lee", "Solo");
    const res = await create(solo.token, { content: script, learner_label: "Solo", roleplay_id: roleplayId });
    expect(res.status).toBe(201);
    await drainGrades();

    const dash = await call(dashboard, { token: solo.token });
    const mine = dash.json.assignments.find((a: { id: string }) => a.id === assignment.id);
    expect(mine.status).toBe("not_started");

    const csv = await call(exportCsv, { token: admin.token });
    const rows = csvRecords(csv.json as string).filter((r) => r.student_name === "Solo Learner");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "real call", assignment: "", status: "graded" });

    const only = await call(exportCsv, { token: admin.token, query: { assignment_id: assignment.id } });
    const forAssignment = csvRecords(only.json as string).filter((r) => r.student_name === "Solo Learner");
    expect(forAssignment).toEqual([expect.objectContaining({ status: "not started", source: "" })]);
  });

  it("is marked on the learner's list on the organisation page, and left out of the practice lift", async () => {
    const res = await call(userConversations, { token: admin.token, params: { userId: learner.id } });
    expect(res.status).toBe(200);
    const real = res.json.conversations.filter((c: { source: string }) => c.source === "real_call");
    expect(real.length).toBeGreaterThan(0);
    expect(real.every((c: { status: string }) => c.status === "graded" || c.status === "grading")).toBe(true);
    expect(res.json.lift).toEqual([]); // only real calls so far: no practice to lift
  });

  // The organisation's learner table reads learner_stats, kept by triggers from a view that counts practice
  // only since migration 0012.
  it("is left out of the organisation's learner table (learner_stats)", async () => {
    const only = await createUser({ name: "Only Real" });
    await addMember({ userId: only.id, orgId: org.id, groupIds: [org.groups[0].id] });
    const script = CALL.replaceAll("Sam Lee", "Only");
    expect((await create(only.token, { content: script, learner_label: "Only", roleplay_id: roleplayId })).status).toBe(
      201,
    );
    const res = await call(statsDashboard, { token: admin.token });
    const users = res.json.groups.flatMap((g: { users: { id: string; conversations: number }[] }) => g.users);
    expect(users.find((u: { id: string }) => u.id === only.id)?.conversations).toBe(0);
  });
});
