import type { CohortWeekRow, LearnerSkillRow, SkillItemRow, SkillKind } from "@/db/queries/progress";

import { meanOf, type SkillSummary, summariseScores } from "./proficiency";

export type ProgressPoint = {
  /** When: the session's start, or for a cohort the Monday of the week (YYYY-MM-DD). */
  at: string;
  score: number;
  conversation_id?: string;
  /** For a cohort's week: sessions and learners behind the mean. */
  sessions?: number;
  learners?: number;
};
export type SkillSeries = SkillSummary & { kind: SkillKind; key: string; label: string; points: ProgressPoint[] };
type SkillGroups<S> = { overall: S; roleplays: S[]; criteria: S[]; stages: S[] };
export type LearnerProgressView = SkillGroups<SkillSeries> & { sessions: number };

const STAGE_ORDER = ["situation", "problem", "implication", "need-payoff"];
const STAGE_LABEL: Record<string, string> = {
  situation: "Situation questions",
  problem: "Problem questions",
  implication: "Implication questions",
  "need-payoff": "Need-payoff questions",
};

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
const byStage = (a: { key: string }, b: { key: string }) => STAGE_ORDER.indexOf(a.key) - STAGE_ORDER.indexOf(b.key);
const labelOf = (kind: SkillKind, key: string, label: string) => (kind === "stage" ? (STAGE_LABEL[key] ?? key) : label);

/** Series per kind, in reading order: roleplays and criteria by name, SPIN stages in their order. */
function arrange<S extends { kind: SkillKind; key: string; label: string }>(all: S[], empty: S): SkillGroups<S> {
  return {
    overall: all.find((s) => s.kind === "overall") ?? empty,
    roleplays: all.filter((s) => s.kind === "roleplay").sort(byLabel),
    criteria: all.filter((s) => s.kind === "criterion").sort(byLabel),
    stages: all.filter((s) => s.kind === "stage").sort(byStage),
  };
}

/** One learner's progress per skill from their skill scores (oldest first, as selectLearnerSkillItems gives them). */
export function learnerProgress(items: SkillItemRow[]): LearnerProgressView {
  const series = new Map<string, { kind: SkillKind; key: string; label: string; points: ProgressPoint[] }>();
  for (const it of items) {
    const id = `${it.kind}:${it.key}`;
    const s = series.get(id) ?? { kind: it.kind, key: it.key, label: it.label, points: [] };
    s.label = labelOf(it.kind, it.key, it.label); // the newest spelling
    s.points.push({
      at: new Date(it.started_at).toISOString(),
      score: Number(it.score),
      conversation_id: it.conversation_id,
    });
    series.set(id, s);
  }
  const all = [...series.values()].map((s) => ({ ...s, ...summariseScores(s.points.map((p) => p.score)) }));
  const empty = { kind: "overall" as const, key: "overall", label: "Overall", points: [], ...summariseScores([]) };
  const groups = arrange(all, empty);
  return { ...groups, sessions: groups.overall.sessions };
}

export type CohortSeries = {
  kind: SkillKind;
  key: string;
  label: string;
  /** Learners with at least one session in the skill, and their sessions. */
  learners: number;
  sessions: number;
  /** Means over those learners of each one's first, best and latest score. */
  first: number | null;
  best: number | null;
  latest: number | null;
  /** Mean proficiency of the learners who have one (3 sessions or more), and how many they are. */
  proficiency: number | null;
  proficient_learners: number;
  /** The cohort's mean score per week. */
  points: ProgressPoint[];
};
export type CohortProgressView = SkillGroups<CohortSeries> & { learners: number; sessions: number };

/** A cohort's progress per skill from each learner's scores per skill and the weekly means. */
export function cohortProgress(rows: LearnerSkillRow[], weeks: CohortWeekRow[]): CohortProgressView {
  const bySkill = new Map<string, LearnerSkillRow[]>();
  for (const r of rows) bySkill.set(`${r.kind}:${r.key}`, [...(bySkill.get(`${r.kind}:${r.key}`) ?? []), r]);
  const weeksOf = new Map<string, ProgressPoint[]>();
  for (const w of weeks) {
    const id = `${w.kind}:${w.key}`;
    const point = { at: w.week, score: Math.round(w.mean * 10) / 10, sessions: w.sessions, learners: w.learners };
    weeksOf.set(id, [...(weeksOf.get(id) ?? []), point]);
  }
  const all: CohortSeries[] = [...bySkill.entries()].map(([id, learners]) => {
    const summaries = learners.map((l) => summariseScores(l.scores));
    const proficient = summaries.filter((s) => s.proficiency !== null);
    const { kind, key, label } = learners[0];
    return {
      kind,
      key,
      label: labelOf(kind, key, label),
      learners: learners.length,
      sessions: summaries.reduce((n, s) => n + s.sessions, 0),
      first: meanOf(summaries.map((s) => s.first)),
      best: meanOf(summaries.map((s) => s.best)),
      latest: meanOf(summaries.map((s) => s.latest)),
      proficiency: meanOf(proficient.map((s) => s.proficiency)),
      proficient_learners: proficient.length,
      points: weeksOf.get(id) ?? [],
    };
  });
  const empty: CohortSeries = {
    kind: "overall",
    key: "overall",
    label: "Overall",
    learners: 0,
    sessions: 0,
    first: null,
    best: null,
    latest: null,
    proficiency: null,
    proficient_learners: 0,
    points: [],
  };
  const groups = arrange(all, empty);
  return { ...groups, learners: groups.overall.learners, sessions: groups.overall.sessions };
}
