import { describe, expect, it } from "vitest";

import type { SkillItemRow } from "@/db/queries/progress";
import { meanOf, practiseMoreText, proficiency, sessionsNeeded, summariseScores } from "@/lib/progress/proficiency";
import { cohortProgress, learnerProgress } from "@/lib/progress/summarise";

describe("proficiency", () => {
  it.each([
    ["no sessions", [], null],
    ["one session", [80], null],
    ["two sessions", [40, 80], null],
    ["three equal sessions", [70, 70, 70], 70],
    // Weights 0.5^(2/3), 0.5^(1/3), 1: the latest counts most, so the mean leans to 90.
    ["three rising sessions", [50, 70, 90], 73.1],
    ["the same scores falling lean the other way", [90, 70, 50], 66.9],
    // Four sessions back weigh 0.5^(4/3) = 0.40 of the latest: an old 0 drags less than a recent one.
    ["an old zero", [0, 80, 80, 80, 80], 70.4],
    ["a recent zero", [80, 80, 80, 80, 0], 55.9],
  ])("%s", (_label, scores, expected) => {
    expect(proficiency(scores)).toBe(expected);
  });

  it("the last three sessions carry half the weight (half-life of 3 sessions)", () => {
    // 30 old sessions at 0 and 3 recent at 100: close to half-way (the infinite tail makes it just above 50).
    const scores = [...Array(30).fill(0), 100, 100, 100];
    expect(proficiency(scores)).toBeGreaterThan(49);
    expect(proficiency(scores)).toBeLessThan(51);
  });

  it.each([
    [0, 3, "Practise 3 more times to see your proficiency"],
    [1, 2, "Practise 2 more times to see your proficiency"],
    [2, 1, "Practise 1 more time to see your proficiency"],
  ])("after %i sessions, %i more are needed", (sessions, needed, text) => {
    expect(sessionsNeeded(sessions)).toBe(needed);
    expect(practiseMoreText(sessions)).toBe(text);
  });

  it("first, best and latest, oldest first", () => {
    expect(summariseScores([60, 85, 72])).toEqual({
      sessions: 3,
      first: 60,
      best: 85,
      latest: 72,
      proficiency: proficiency([60, 85, 72]),
      sessions_needed: 0,
    });
    expect(summariseScores([])).toMatchObject({ first: null, best: null, latest: null, proficiency: null });
    expect(meanOf([1, null, 2])).toBe(1.5);
    expect(meanOf([null])).toBeNull();
  });
});

const item = (n: number, kind: SkillItemRow["kind"], key: string, label: string, score: number): SkillItemRow => ({
  conversation_id: `c${n}`,
  started_at: `2026-11-0${n}T10:00:00Z`,
  kind,
  key,
  label,
  score,
});

describe("a learner's progress by skill", () => {
  const items = [
    item(1, "overall", "overall", "Overall", 50),
    item(1, "roleplay", "r1", "Discovery", 50),
    item(1, "criterion", "listening", "Listening", 40),
    item(1, "stage", "implication", "implication", 20),
    item(2, "overall", "overall", "Overall", 70),
    item(2, "roleplay", "r2", "Angry customer", 70),
    item(2, "criterion", "listening", "listening", 60),
    item(3, "overall", "overall", "Overall", 65),
    item(3, "roleplay", "r1", "Discovery", 65),
    item(3, "criterion", "listening", "Listening", 90),
    item(3, "stage", "situation", "situation", 80),
  ];
  const p = learnerProgress(items);

  it("first, best and latest per roleplay, criterion and stage, with the points over time", () => {
    expect(p.sessions).toBe(3);
    expect(p.overall).toMatchObject({ first: 50, best: 70, latest: 65, proficiency: proficiency([50, 70, 65]) });
    expect(p.roleplays.map((r) => [r.label, r.first, r.best, r.latest, r.sessions])).toEqual([
      ["Angry customer", 70, 70, 70, 1],
      ["Discovery", 50, 65, 65, 2],
    ]);
    expect(p.criteria).toHaveLength(1);
    expect(p.criteria[0]).toMatchObject({ label: "Listening", first: 40, best: 90, latest: 90, sessions: 3 });
    expect(p.criteria[0].points.map((x) => x.conversation_id)).toEqual(["c1", "c2", "c3"]);
    // SPIN stages in their own order, with readable names.
    expect(p.stages.map((s) => s.label)).toEqual(["Situation questions", "Implication questions"]);
  });

  it("shows proficiency only from the third session of a skill", () => {
    expect(p.criteria[0].proficiency).not.toBeNull();
    const discovery = p.roleplays.find((r) => r.label === "Discovery")!;
    expect(discovery).toMatchObject({ proficiency: null, sessions_needed: 1 });
  });

  it("with nothing graded: an empty overall series", () => {
    expect(learnerProgress([])).toMatchObject({
      sessions: 0,
      overall: { sessions: 0, points: [], proficiency: null, sessions_needed: 3 },
      roleplays: [],
    });
  });
});

describe("a cohort's progress by skill", () => {
  it("means of each learner's first, best, latest; proficiency over those with 3 sessions; weekly means", () => {
    const c = cohortProgress(
      [
        { kind: "overall", key: "overall", label: "Overall", user_id: "a", scores: [40, 60, 80] },
        { kind: "overall", key: "overall", label: "Overall", user_id: "b", scores: [70] },
        { kind: "criterion", key: "listening", label: "Listening", user_id: "a", scores: [50] },
      ],
      [
        { kind: "overall", key: "overall", week: "2026-11-02", mean: 55, sessions: 2, learners: 2 },
        { kind: "overall", key: "overall", week: "2026-11-09", mean: 70.04, sessions: 2, learners: 1 },
      ],
    );
    expect(c.learners).toBe(2);
    expect(c.sessions).toBe(4);
    expect(c.overall).toMatchObject({
      first: 55,
      best: 75,
      latest: 75,
      proficiency: proficiency([40, 60, 80]),
      proficient_learners: 1,
    });
    expect(c.overall.points).toEqual([
      { at: "2026-11-02", score: 55, sessions: 2, learners: 2 },
      { at: "2026-11-09", score: 70, sessions: 2, learners: 1 },
    ]);
    expect(c.criteria[0]).toMatchObject({ label: "Listening", learners: 1, proficiency: null, proficient_learners: 0 });
  });
});
