import { beforeAll, describe, expect, it } from "vitest";

import { GET as orgProgress } from "@/app/api/organization/progress/route";
import { GET as ownProgress } from "@/app/api/protected/progress/route";
import { getDb } from "@/db";
import { conversations, criterionReviews, gradeReviews, grades } from "@/db/schema";
import { proficiency } from "@/lib/progress/proficiency";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const persona = { name: "Pat", role: "Buyer", situation: "s", background: "b", pain_points: ["p"], goals: ["g"] };
const criterion = (id: string, label: string, score: number | null) => ({
  id,
  label,
  description: "",
  weight: 10,
  measure: null,
  status: score === null ? "needs_ai" : "scored",
  score,
  counted: score,
  passed: null,
  detail: "",
  evidence: null,
  evidence_turn: null,
  better_line: null,
  source: "measured",
});
const feedback = (stages: Record<string, number>) => ({
  overall_feedback: "ok",
  spin_score: 50,
  spin_feedback: "ok",
  stage_scores: { situation: 0, problem: 0, implication: 0, "need-payoff": 0, ...stages },
  communication_score: 50,
  communication_feedback: "ok",
  strengths: [],
  areas_for_improvement: [],
  recommendations: [],
});

type Session = {
  score: number | null;
  daysAgo: number;
  listening?: number;
  kind?: string;
  state?: "graded" | "too_little";
  source?: "practice" | "real_call";
  status?: "graded" | "pending";
};

async function session(userId: string, orgId: string, roleplay: { id: string; name: string }, s: Session) {
  const db = await getDb();
  const started = new Date(Date.now() - s.daysAgo * 86_400_000);
  const [c] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_id: roleplay.id,
      schema_name: roleplay.name,
      persona,
      mode: "local",
      status: "ended",
      source: s.source ?? "practice",
      started_at: started,
      ended_at: new Date(started.getTime() + 5 * 60_000),
    })
    .returning();
  await db.insert(grades).values({
    conversation_id: c.id,
    status: s.status ?? "graded",
    state: s.state ?? "graded",
    score: s.state === "too_little" ? null : s.score,
    graded_at: new Date(),
    grader: "rubric",
    feedback: feedback({ implication: (s.score ?? 0) - 10 }),
    scorecard: {
      pass_mark: 70,
      score: s.score ?? 0,
      passed: false,
      cap: null,
      criteria: [criterion("listening", "Listening", s.listening ?? s.score), criterion("ai", "Rapport", null)],
      scenario: { kind: s.kind ?? "sales-discovery" },
    } as never,
  });
  return c;
}

describe("progress by skill", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let other: Awaited<ReturnType<typeof createOrg>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let otherAdmin: Awaited<ReturnType<typeof createUser>>;
  let lena: Awaited<ReturnType<typeof createUser>>;
  let omar: Awaited<ReturnType<typeof createUser>>;
  let discovery: { id: string; name: string };
  let service: { id: string; name: string };

  beforeAll(async () => {
    org = await createOrg({ name: "Progress Lab", groups: ["Mornings", "Evenings"] });
    other = await createOrg({ name: "Elsewhere", groups: ["X"] });
    admin = await createUser({ name: "Ines Instructor" });
    otherAdmin = await createUser({ name: "Otto Other" });
    lena = await createUser({ name: "Lena Learner" });
    omar = await createUser({ name: "Omar Other" });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
    await addMember({ userId: lena.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await addMember({ userId: omar.id, orgId: org.id, groupIds: [org.groups[1].id] });
    const d = await makeRoleplay(org.id);
    const s = await makeRoleplay(org.id);
    discovery = { id: d.id, name: "Discovery call" };
    service = { id: s.id, name: "Angry customer" };

    // Lena: three discovery calls and one customer-service call that count...
    await session(lena.id, org.id, discovery, { score: 50, daysAgo: 20, listening: 40 });
    const reviewed = await session(lena.id, org.id, discovery, { score: 60, daysAgo: 13, listening: 55 });
    await session(lena.id, org.id, service, { score: 75, daysAgo: 8, kind: "customer-service" });
    await session(lena.id, org.id, discovery, { score: 80, daysAgo: 2, listening: 70 });
    // ...and three that do not: too little to grade, a real call, one still grading.
    await session(lena.id, org.id, discovery, { score: 20, daysAgo: 1, state: "too_little" });
    await session(lena.id, org.id, discovery, { score: 99, daysAgo: 1, source: "real_call" });
    await session(lena.id, org.id, discovery, { score: 95, daysAgo: 0, status: "pending" });
    const db = await getDb();
    // The instructor's reviewed score and criterion override are what count.
    await db.insert(gradeReviews).values({ conversation_id: reviewed.id, score: 65, comment: "better than it looks" });
    await db.insert(criterionReviews).values([
      { conversation_id: reviewed.id, criterion_id: "listening", previous_score: 55, score: 35, reason: "first" },
      {
        conversation_id: reviewed.id,
        criterion_id: "listening",
        previous_score: 35,
        score: 58,
        reason: "second thoughts",
        created_at: new Date(Date.now() + 1000),
      },
    ]);
    // Omar: one session in the other group.
    await session(omar.id, org.id, discovery, { score: 40, daysAgo: 3 });
  });

  it("the learner's own: first, best, latest and proficiency per roleplay, criterion and SPIN stage", async () => {
    const res = await call(ownProgress, { token: lena.token });
    expect(res.status).toBe(200);
    const p = res.json;
    expect(p.proficiency_rule).toEqual({ min_sessions: 3, half_life_sessions: 3 });
    // Too little to grade, the real call and the pending grade are not sessions; the review's 65 replaces 60.
    expect(p.sessions).toBe(4);
    expect(p.overall.points.map((x: { score: number }) => x.score)).toEqual([50, 65, 75, 80]);
    expect(p.overall).toMatchObject({ first: 50, best: 80, latest: 80, proficiency: proficiency([50, 65, 75, 80]) });
    expect(p.roleplays.map((r: { label: string; sessions: number }) => [r.label, r.sessions])).toEqual([
      ["Angry customer", 1],
      ["Discovery call", 3],
    ]);
    const angry = p.roleplays[0];
    expect(angry).toMatchObject({ proficiency: null, sessions_needed: 2 });
    // The criterion override in force (the newest, 58) counts; an unscored criterion is no skill.
    expect(p.criteria.map((c: { label: string }) => c.label)).toEqual(["Listening"]);
    expect(p.criteria[0].points.map((x: { score: number }) => x.score)).toEqual([40, 58, 75, 70]);
    expect(p.criteria[0]).toMatchObject({ first: 40, best: 75, latest: 70 });
    // SPIN stages only from the discovery calls.
    const implication = p.stages.find((s: { key: string }) => s.key === "implication");
    expect(implication).toMatchObject({ label: "Implication questions", sessions: 3 });
  });

  it("a learner with no graded practice gets empty series, not an error", async () => {
    const res = await call(ownProgress, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ sessions: 0, overall: { points: [], sessions_needed: 3 }, roleplays: [] });
  });

  it("the organisation page's view of one learner matches the learner's own", async () => {
    const res = await call(orgProgress, { token: admin.token, query: { user_id: lena.id } });
    expect(res.status).toBe(200);
    const own = (await call(ownProgress, { token: lena.token })).json;
    expect(res.json.overall).toEqual(own.overall);
    expect(res.json.criteria).toEqual(own.criteria);
  });

  it("the cohort: means of the learners' first, best and latest, and weekly means", async () => {
    const all = (await call(orgProgress, { token: admin.token })).json;
    expect(all).toMatchObject({ scope: "cohort", group_id: null, learners: 2, sessions: 5 });
    expect(all.overall).toMatchObject({ first: 45, best: 60, latest: 60, proficient_learners: 1 });
    expect(all.overall.proficiency).toBe(proficiency([50, 65, 75, 80]));
    expect(all.overall.points.reduce((n: number, p: { sessions: number }) => n + p.sessions, 0)).toBe(5);

    const mornings = (await call(orgProgress, { token: admin.token, query: { group_id: org.groups[0].id } })).json;
    expect(mornings).toMatchObject({ learners: 1, sessions: 4, overall: { first: 50, latest: 80 } });
    const evenings = (await call(orgProgress, { token: admin.token, query: { group_id: org.groups[1].id } })).json;
    expect(evenings).toMatchObject({ learners: 1, sessions: 1, overall: { proficiency: null } });
  });

  it("another organisation's learner or group is the 404 of an unknown one; a member may not look", async () => {
    const foreignUser = await call(orgProgress, { token: otherAdmin.token, query: { user_id: lena.id } });
    expect(foreignUser.status).toBe(404);
    const unknown = await call(orgProgress, {
      token: admin.token,
      query: { user_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
    expect(foreignUser.json).toEqual(unknown.json);
    const foreignGroup = await call(orgProgress, { token: admin.token, query: { group_id: other.groups[0].id } });
    expect(foreignGroup.status).toBe(404);
    expect((await call(orgProgress, { token: lena.token })).status).toBe(403);
  });

  it("bad input is a 422 naming the parameter", async () => {
    const notAnId = await call(orgProgress, { token: admin.token, query: { user_id: "42" } });
    expect(notAnId.status).toBe(422);
    expect(notAnId.json.detail[0]).toMatchObject({ loc: ["body", "user_id"], msg: "user_id must be a valid id" });
    const both = await call(orgProgress, {
      token: admin.token,
      query: { user_id: lena.id, group_id: org.groups[0].id },
    });
    expect(both.status).toBe(422);
    expect(both.json.detail[0].msg).toBe("Give user_id or group_id, not both");
  });
});
