import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import {
  DELETE as deleteComment,
  PATCH as editComment,
} from "@/app/api/organization/grades/[conversationId]/comments/[commentId]/route";
import { GET as listComments, POST as addComment } from "@/app/api/organization/grades/[conversationId]/comments/route";
import { PUT as overrideCriterion } from "@/app/api/organization/grades/[conversationId]/criteria/[criterionId]/route";
import { GET as listCriteria } from "@/app/api/organization/grades/[conversationId]/criteria/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { GET as statsDashboard } from "@/app/api/organization/stats-dashboard/route";
import { GET as userScores } from "@/app/api/organization/users/[userId]/scores/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { GET as gradeApi } from "@/app/api/protected/grades/[conversationId]/route";
import { getDb } from "@/db";
import { regradeAfterLateTurn } from "@/db/queries/grading-queue";
import { auditLog, criterionReviews, gradeReviews, grades, learnerStats } from "@/db/schema";
import { refreshAfterRegrade } from "@/lib/coaching/review-score";
import { coachingView } from "@/lib/coaching/view";
import type { GradeResponse } from "@/lib/grading/response";
import { drainGrades } from "@/lib/grading/worker";

import { gradedVoiceCall } from "../fixtures/coaching";
import { call } from "../helpers/api";
import { csvRecords } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";

type User = Awaited<ReturnType<typeof createUser>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let admin: User;
let learner: User;
let otherAdmin: User;
let developer: User;
let callId: string;

beforeAll(async () => {
  org = await createOrg({ name: "Coaching Lab", groups: ["Cohort A"] });
  const other = await createOrg({ name: "Elsewhere" });
  admin = await createUser({ name: "Dr Lee" });
  learner = await createUser({ name: "Sam Learner" });
  otherAdmin = await createUser({ name: "Other Admin" });
  developer = await createUser({ name: "Dev", isDev: true });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  await addMember({ userId: learner.id, orgId: org.id, groupIds: [org.groups[0].id] });
  await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
  callId = await gradedVoiceCall(learner.id, org.id);
});

const params = (extra: Record<string, string> = {}) => ({ conversationId: callId, ...extra });
const post = (token: string, body: unknown, conversationId = callId) =>
  call(addComment, { method: "POST", token, params: { conversationId }, body });
const put = (token: string, criterionId: string, body: unknown, conversationId = callId) =>
  call(overrideCriterion, { method: "PUT", token, params: { conversationId, criterionId }, body });
const gradeOf = async (token = learner.token) =>
  (await call(gradeApi, { token, params: params() })).json as GradeResponse;
const viewer = (u: User) => ({ id: u.id, email: u.email, name: u.name, isDev: u.is_dev });

describe("comments on a line", () => {
  let commentId: string;

  it("an admin of the call's organisation comments on a spoken turn, stamped with its time in the call", async () => {
    const res = await post(admin.token, { turn_seq: 1, body: "  Good opener: you asked before pitching.  " });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    // Turn 1 starts 5 s after the first, which starts 2 minutes into the call.
    expect(res.json).toMatchObject({
      turn_seq: 1,
      offset_seconds: 125,
      body: "Good opener: you asked before pitching.",
      author: "Dr Lee",
      seen_at: null,
    });
    commentId = res.json.id;
    expect((await post(admin.token, { turn_seq: 3, body: "Ask what a mistake costs." })).status).toBe(201);
    const list = await call(listComments, { token: admin.token, params: params() });
    expect(list.json.comments.map((c: { turn_seq: number }) => c.turn_seq)).toEqual([1, 3]);
  });

  it("refuses empty, over-long and unstorable text and a turn the call does not have", async () => {
    for (const body of [
      { turn_seq: 1, body: "" },
      { turn_seq: 1, body: "   " },
      { turn_seq: 1, body: "x".repeat(2001) },
      { turn_seq: -1, body: "negative" },
      { turn_seq: "1", body: "a string turn" },
      { body: "no turn" },
    ]) {
      const res = await post(admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.detail).toBeDefined();
    }
    expect((await post(admin.token, { turn_seq: 99, body: "nowhere" })).status).toBe(404);
    expect((await post(admin.token, "{not json")).status).toBe(400);
    // A NUL is refused by the JSON guard every route shares, before the schema.
    expect((await post(admin.token, { turn_seq: 1, body: "nul \u0000 inside" })).status).toBe(400);
  });

  it("is the same 404 for the learner, another organisation's admin, a developer and an unknown call", async () => {
    for (const token of [learner.token, otherAdmin.token, developer.token]) {
      expect((await post(token, { turn_seq: 1, body: "mine?" })).status).toBe(404);
      expect((await call(listComments, { token, params: params() })).status).toBe(404);
      const patch = await call(editComment, {
        method: "PATCH",
        token,
        params: params({ commentId }),
        body: { body: "changed" },
      });
      expect(patch.status).toBe(404);
      expect((await call(deleteComment, { method: "DELETE", token, params: params({ commentId }) })).status).toBe(404);
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await post(admin.token, { turn_seq: 1, body: "x" }, unknown)).status).toBe(404);
    expect((await call(listComments, { token: admin.token, params: { conversationId: "nope" } })).status).toBe(404);
  });

  it("a comment id from another call changes nothing", async () => {
    const otherCall = await gradedVoiceCall(learner.id, org.id);
    const res = await call(editComment, {
      method: "PATCH",
      token: admin.token,
      params: { conversationId: otherCall, commentId },
      body: { body: "moved?" },
    });
    expect(res.status).toBe(404);
    await (await getDb()).delete(grades).where(eq(grades.conversation_id, otherCall));
  });

  it("edits and deletes", async () => {
    const edited = await call(editComment, {
      method: "PATCH",
      token: admin.token,
      params: params({ commentId }),
      body: { body: "Good opener: you asked about their process first." },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.body).toBe("Good opener: you asked about their process first.");
    expect(
      (await call(editComment, { method: "PATCH", token: admin.token, params: params({ commentId }), body: {} }))
        .status,
    ).toBe(422);
    const extra = await post(admin.token, { turn_seq: 5, body: "To delete" });
    const del = await call(deleteComment, {
      method: "DELETE",
      token: admin.token,
      params: params({ commentId: extra.json.id }),
    });
    expect(del.status).toBe(200);
    expect(
      (
        await call(deleteComment, {
          method: "DELETE",
          token: admin.token,
          params: params({ commentId: extra.json.id }),
        })
      ).status,
    ).toBe(404);
  });

  it("the learner's dashboard counts unread comments until the learner opens the grade; an admin opening it does not count", async () => {
    const unread = async () => {
      const rows = (await call(dashboard, { token: learner.token })).json.conversations as {
        id: string;
        unread_comments: number;
      }[];
      return rows.find((r) => r.id === callId)!.unread_comments;
    };
    expect(await unread()).toBe(2);
    // The grade API carries them too, in transcript order; reading it is not opening the grade page.
    const api = await gradeOf();
    expect(api.comments!.map((c) => [c.turn_seq, c.offset_seconds])).toEqual([
      [1, 125],
      [3, 141],
    ]);
    expect(await unread()).toBe(2);
    const grade = await gradeOf(admin.token);
    const seenByAdmin = await coachingView(viewer(admin), { id: callId, user_id: learner.id }, grade);
    expect(seenByAdmin.comments).toHaveLength(2);
    await coachingView(viewer(developer), { id: callId, user_id: learner.id }, grade);
    expect(await unread()).toBe(2);
    const seen = await coachingView(viewer(learner), { id: callId, user_id: learner.id }, grade);
    expect(seen.comments.map((c) => c.body)).toEqual([
      "Good opener: you asked about their process first.",
      "Ask what a mistake costs.",
    ]);
    expect(await unread()).toBe(0);
    // A new comment is unread again.
    await post(admin.token, { turn_seq: 7, body: "Great need-payoff question." });
    expect(await unread()).toBe(1);
  });

  it("the gradebook CSV keeps its columns and adds the comments with their turn numbers at the end", async () => {
    const res = await call(exportCsv, { token: admin.token });
    expect(res.status).toBe(200);
    const text = typeof res.json === "string" ? res.json : JSON.stringify(res.json);
    const records = csvRecords(text);
    const header = Object.keys(records[0]);
    expect(header.slice(0, 3)).toEqual(["student_name", "email", "groups"]);
    // Added after every column that was there before.
    expect(header.slice(-2)).toEqual(["comments", "criterion_overrides"]);
    const row = records.find((r) => r.comments);
    expect(row?.comments).toBe(
      "turn 2: Good opener: you asked about their process first. | turn 4: Ask what a mistake costs. | turn 8: Great need-payoff question.",
    );
  });
});

describe("per-criterion review", () => {
  let automatic: number;
  let criteria: { id: string; label: string; score: number | null; weight: number }[];

  /** Every view of the final score agrees: grade API, dashboard, learner stats, the organisation's chart and the CSV. */
  async function expectFinal(expected: { reviewed: number | null; final: number }) {
    const grade = await gradeOf();
    expect(grade.reviewed_score).toBe(expected.reviewed);
    expect(grade.final_score).toBe(expected.final);
    const dash = (await call(dashboard, { token: learner.token })).json;
    expect(dash.conversations.find((c: { id: string }) => c.id === callId).score).toBe(expected.final);
    const db = await getDb();
    const [stats] = await db
      .select()
      .from(learnerStats)
      .where(and(eq(learnerStats.user_id, learner.id), eq(learnerStats.organization_id, org.id)));
    expect(stats.score_sum).toBe(expected.final);
    // The organisation page's learner cards (their average over one call).
    const cards = (await call(statsDashboard, { token: admin.token })).json;
    const card = cards.groups
      .flatMap((g: { users: { id: string; average_score: number }[] }) => g.users)
      .find((u: { id: string }) => u.id === learner.id);
    expect(card.average_score).toBe(expected.final);
    const chart = await call(userScores, { token: admin.token, params: { userId: learner.id } });
    expect(chart.json.find((p: { conversation_id: string }) => p.conversation_id === callId).score).toBe(
      expected.final,
    );
    const csv = csvRecords((await call(exportCsv, { token: admin.token })).json as string);
    expect(csv.map((r) => r.final_score)).toEqual([String(expected.final)]);
    expect(csv[0].reviewed_score).toBe(expected.reviewed === null ? "" : String(expected.reviewed));
  }

  beforeAll(async () => {
    const grade = await gradeOf();
    automatic = grade.conversation_score;
    criteria = grade.scorecard!.criteria.filter((c) => c.score !== null);
    expect(criteria.length).toBeGreaterThan(3);
  });

  it("starts at the automatic score everywhere", async () => {
    await expectFinal({ reviewed: null, final: automatic });
  });

  it("refuses bad input and callers outside the organisation", async () => {
    for (const body of [
      { score: 101, reason: "too high" },
      { score: -1, reason: "too low" },
      { score: 70.5, reason: "not whole" },
      { score: "70", reason: "a string" },
      { score: 70 },
      { score: 70, reason: "   " },
      { reason: "no score key" },
    ]) {
      const res = await put(admin.token, "spin", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await put(admin.token, "no-such-criterion", { score: 50, reason: "r" })).status).toBe(404);
    expect((await put(admin.token, "Bad Id!", { score: 50, reason: "r" })).status).toBe(404);
    for (const token of [learner.token, otherAdmin.token, developer.token]) {
      expect((await put(token, "spin", { score: 50, reason: "r" })).status).toBe(404);
      expect((await call(listCriteria, { token, params: params() })).status).toBe(404);
    }
    expect((await put(admin.token, "spin", { score: null, reason: "nothing to clear" })).status).toBe(409);
    expect(await (await getDb()).select().from(criterionReviews)).toEqual([]);
    await expectFinal({ reviewed: null, final: automatic });
  });

  it("overriding one criterion recomputes the overall, keeps the automatic value and records who, when, old, new and why", async () => {
    const spin = criteria.find((c) => c.id === "spin")!;
    const res = await put(admin.token, "spin", { score: 100, reason: "She did ask about budget at 03:10" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.automatic_score).toBe(automatic);
    const reviewed = res.json.reviewed_score as number;
    expect(reviewed).not.toBe(automatic);
    expect(res.json.criteria).toEqual([
      {
        criterion_id: "spin",
        label: spin.label,
        automatic_score: spin.score,
        score: 100,
        overridden: true,
        history: [expect.objectContaining({ previous_score: spin.score, score: 100, reviewer: "Dr Lee" })],
      },
    ]);
    await expectFinal({ reviewed, final: reviewed });
    const csv = csvRecords((await call(exportCsv, { token: admin.token })).json as string);
    expect(csv[0].criterion_overrides).toBe(`${spin.label}: ${spin.score} -> 100 (She did ask about budget at 03:10)`);
    // The automatic criterion and score stay in the grade; the learner's grade API says what changed and why.
    const grade = await gradeOf();
    expect(grade.criterion_reviews).toEqual(res.json.criteria);
    expect(grade.conversation_score).toBe(automatic);
    expect(grade.scorecard!.criteria.find((c) => c.id === "spin")!.score).toBe(spin.score);
    const audit = await (
      await getDb()
    )
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "grade.criterion_overridden"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ organization_id: org.id, actor_id: admin.id, target_id: callId });
    expect(audit[0].details).toMatchObject({
      criterion_id: "spin",
      automatic_score: spin.score,
      previous_score: spin.score,
      score: 100,
      reason: "She did ask about budget at 03:10",
      reviewed_score_before: null,
      reviewed_score: reviewed,
    });
  });

  it("with every criterion overridden to one score, the overall is that score (the scorecard's weighted mean)", async () => {
    for (const c of criteria)
      expect((await put(admin.token, c.id, { score: 60, reason: `All ${c.id} at 60` })).status).toBe(200);
    await expectFinal({ reviewed: 60, final: 60 });
    const listed = await call(listCriteria, { token: admin.token, params: params() });
    const spin = listed.json.criteria.find((c: { criterion_id: string }) => c.criterion_id === "spin");
    // Newest first: 100 -> 60.
    expect(spin.history.map((h: { previous_score: number; score: number }) => [h.previous_score, h.score])).toEqual([
      [100, 60],
      [criteria.find((c) => c.id === "spin")!.score, 100],
    ]);
  });

  it("an explicit whole-grade score wins over the recomputed one; removing it returns to the recomputed score", async () => {
    let res = await call(review, {
      method: "PUT",
      token: admin.token,
      params: params(),
      body: { score: 88, comment: "Overall stronger than the parts" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ reviewed_score: 88, whole_score: 88, final_score: 88 });
    await expectFinal({ reviewed: 88, final: 88 });
    // A criterion changed under an explicit whole score: the whole score still counts.
    expect((await put(admin.token, "listening", { score: 90, reason: "Followed up twice" })).status).toBe(200);
    await expectFinal({ reviewed: 88, final: 88 });
    res = await call(review, {
      method: "PUT",
      token: admin.token,
      params: params(),
      body: { comment: "Scores by criterion now" },
    });
    expect(res.json.whole_score).toBeNull();
    const recomputed = res.json.reviewed_score as number;
    expect(recomputed).not.toBe(88);
    expect(recomputed).toBeGreaterThan(60);
    await expectFinal({ reviewed: recomputed, final: recomputed });
  });

  it("clearing every override restores the automatic values; the history stays", async () => {
    const db = await getDb();
    const inForce = await db.execute(
      sql`select distinct on (criterion_id) criterion_id, score from criterion_reviews where conversation_id = ${callId} and criterion_id <> '@overall' order by criterion_id, created_at desc`,
    );
    for (const row of (inForce as unknown as { rows?: { criterion_id: string }[] }).rows ??
      (inForce as unknown as { criterion_id: string }[])) {
      const res = await put(admin.token, row.criterion_id, { score: null, reason: "Back to the automatic score" });
      expect(res.status).toBe(200);
    }
    await expectFinal({ reviewed: null, final: automatic });
    const listed = await call(listCriteria, { token: admin.token, params: params() });
    const spin = listed.json.criteria.find((c: { criterion_id: string }) => c.criterion_id === "spin");
    expect(spin).toMatchObject({ overridden: false, score: spin.automatic_score });
    expect(spin.history[0]).toMatchObject({ score: null, reason: "Back to the automatic score" });
    // The whole-grade note stays; its score is gone.
    const [row] = await db.select().from(gradeReviews).where(eq(gradeReviews.conversation_id, callId));
    expect(row).toMatchObject({ score: null, comment: "Scores by criterion now" });
  });

  it("a whole-grade score given before any criterion review stays explicit when a criterion is then overridden", async () => {
    const second = await gradedVoiceCall(learner.id, org.id);
    const db = await getDb();
    // As saved before criterion reviews existed: only the grade_reviews row.
    await db
      .insert(gradeReviews)
      .values({ conversation_id: second, reviewer_id: admin.id, score: 42, comment: "Legacy" });
    expect((await put(admin.token, "spin", { score: 95, reason: "Great SPIN" }, second)).json.reviewed_score).toBe(42);
    const [row] = await db.select().from(gradeReviews).where(eq(gradeReviews.conversation_id, second));
    expect(row.score).toBe(42);
    await db.delete(grades).where(eq(grades.conversation_id, second));
  });

  it("a regrade that moves an automatic criterion recomputes a reviewed score that came from overrides", async () => {
    const fourth = await gradedVoiceCall(learner.id, org.id);
    const db = await getDb();
    const first = await put(admin.token, "spin", { score: 100, reason: "Full marks for SPIN" }, fourth);
    const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, fourth));
    const card = grade.scorecard!;
    // The regrade (e.g. after a late turn) finds listening at 0.
    const regraded = {
      ...card,
      criteria: card.criteria.map((c) => (c.id === "listening" ? { ...c, score: 0, counted: 0 } : c)),
    };
    await db.update(grades).set({ scorecard: regraded }).where(eq(grades.conversation_id, fourth));
    await db.transaction((tx) => refreshAfterRegrade(tx, { ...grade, scorecard: regraded }));
    const [row] = await db.select().from(gradeReviews).where(eq(gradeReviews.conversation_id, fourth));
    expect(row.score).toBeLessThan(first.json.reviewed_score);
    await db.delete(grades).where(eq(grades.conversation_id, fourth));
  });

  it("the grading worker's regrade (a late turn) recomputes a reviewed score that came from overrides", async () => {
    const sixth = await gradedVoiceCall(learner.id, org.id);
    const db = await getDb();
    const first = await put(admin.token, "spin", { score: 100, reason: "Full marks for SPIN" }, sixth);
    // A reviewed score left from criteria an earlier transcript gave: the regrade must not keep it.
    await db.update(gradeReviews).set({ score: 1 }).where(eq(gradeReviews.conversation_id, sixth));
    await db.transaction((tx) => regradeAfterLateTurn(tx, sixth));
    await drainGrades();
    const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, sixth));
    expect(grade.status).toBe("graded");
    const [row] = await db.select().from(gradeReviews).where(eq(gradeReviews.conversation_id, sixth));
    expect(row.score).toBe(first.json.reviewed_score);
    await db.delete(grades).where(eq(grades.conversation_id, sixth));
  });

  it("two instructors overriding different criteria at once: the overall counts both", async () => {
    const fifth = await gradedVoiceCall(learner.id, org.id);
    const [a, b] = await Promise.all([
      put(admin.token, "spin", { score: 0, reason: "No real SPIN" }, fifth),
      put(admin.token, "listening", { score: 0, reason: "No follow-up" }, fifth),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const listed = await call(listCriteria, { token: admin.token, params: { conversationId: fifth } });
    expect(listed.json.criteria.map((c: { criterion_id: string }) => c.criterion_id).sort()).toEqual([
      "listening",
      "spin",
    ]);
    // Whichever committed last recomputed with both overrides in force.
    expect(listed.json.reviewed_score).toBe(Math.min(a.json.reviewed_score, b.json.reviewed_score));
    await (await getDb()).delete(grades).where(eq(grades.conversation_id, fifth));
  });

  it("a call with too little to grade, or graded before scorecards, is a 409", async () => {
    const db = await getDb();
    const third = await gradedVoiceCall(learner.id, org.id);
    await db.update(grades).set({ scorecard: null }).where(eq(grades.conversation_id, third));
    expect((await put(admin.token, "spin", { score: 50, reason: "r" }, third)).status).toBe(409);
    await db.update(grades).set({ state: "too_little", score: null }).where(eq(grades.conversation_id, third));
    expect((await put(admin.token, "spin", { score: 50, reason: "r" }, third)).status).toBe(409);
    await db.delete(grades).where(eq(grades.conversation_id, third));
  });
});
