import "server-only";

import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "@/db";

import { rowsOf } from "./rows";

export type SkillKind = "overall" | "roleplay" | "criterion" | "stage";

/**
 * Every skill score of the practice sessions that `where` picks (conversation `c`), as rows
 * (kind, key, label, score), from one CTE so the learner's view and the cohort's read the same things:
 * - a session is an ended practice call with a final score (the reviewed one where an instructor set
 *   it). Too little to grade is a state, not a score: it is left out unless a review scored it.
 *   Real-call uploads are not practice and are left out.
 * - overall: the final score; roleplay: the same, keyed by the roleplay (its name once it is deleted);
 * - criterion: each scored criterion of the stored scorecard, keyed by its label across roleplays, the
 *   instructor's override in force where there is one (the newest criterion review; a null score clears it);
 * - stage: the SPIN stage scores of sales discovery calls (and of grades made before scenarios existed).
 * A too-little call a review scored counts overall only: its criteria were judged on too little.
 */
function itemsCte(where: SQL, limit: number | null) {
  const limited = limit === null ? sql`` : sql`order by c.started_at desc, c.id desc limit ${limit}`;
  return sql`
    sessions as (
      select c.id, c.user_id, c.started_at, c.schema_id, c.schema_name, g.state, g.scorecard, g.feedback,
             coalesce(r.score, g.score)::float8 as score
      from conversations c
      join grades g on g.conversation_id = c.id and g.status = 'graded'
      left join grade_reviews r on r.conversation_id = c.id
      where c.status = 'ended' and c.source = 'practice' and coalesce(r.score, g.score) is not null and ${where}
      ${limited}
    ),
    items as (
      select s.id, s.user_id, s.started_at, 'overall' as kind, 'overall' as key, 'Overall' as label, s.score from sessions s
      union all
      select s.id, s.user_id, s.started_at, 'roleplay', coalesce(s.schema_id::text, 'name:' || s.schema_name),
             s.schema_name, s.score
      from sessions s
      union all
      select s.id, s.user_id, s.started_at, 'criterion', lower(btrim(e.value ->> 'label')), btrim(e.value ->> 'label'),
             coalesce(o.score, (e.value ->> 'score')::float8)
      from sessions s
      cross join lateral jsonb_array_elements(case when jsonb_typeof(s.scorecard -> 'criteria') = 'array'
                                                   then s.scorecard -> 'criteria' else '[]'::jsonb end) e
      left join lateral (
        select cr.score::float8 as score from criterion_reviews cr
        where cr.conversation_id = s.id and cr.criterion_id = e.value ->> 'id'
        order by cr.created_at desc, cr.id desc limit 1
      ) o on true
      where s.state = 'graded' and coalesce(o.score, (e.value ->> 'score')::float8) is not null
        and coalesce(e.value ->> 'label', '') <> ''
      union all
      select s.id, s.user_id, s.started_at, 'stage', st.key, st.key, st.value::float8
      from sessions s
      cross join lateral jsonb_each_text(case when jsonb_typeof(s.feedback -> 'stage_scores') = 'object'
                                              then s.feedback -> 'stage_scores' else '{}'::jsonb end) st
      where s.state = 'graded' and st.key in ('situation', 'problem', 'implication', 'need-payoff')
        and coalesce(s.scorecard -> 'scenario' ->> 'kind', 'sales-discovery') = 'sales-discovery'
    )`;
}

export type SkillItemRow = {
  conversation_id: string;
  started_at: Date | string;
  kind: SkillKind;
  key: string;
  label: string;
  score: number;
};

/** One learner's skill scores, oldest first: the last `limit` sessions, optionally in one organisation. */
export async function selectLearnerSkillItems(
  db: Executor,
  input: { userId: string; organizationId?: string; limit: number },
): Promise<SkillItemRow[]> {
  const inOrg = input.organizationId ? sql`and c.organization_id = ${input.organizationId}` : sql``;
  const res = await db.execute(sql`
    with ${itemsCte(sql`c.user_id = ${input.userId} ${inOrg}`, input.limit)}
    select id as conversation_id, started_at, kind, key, label, score from items
    order by started_at, id, kind, key`);
  return rowsOf<SkillItemRow>(res).map((r) => ({ ...r, score: Number(r.score) }));
}

/** Learners of the organisation (members, not admins), optionally of one group, as a condition on `c`. */
function cohortWhere(organizationId: string, groupId?: string) {
  const inGroup = groupId
    ? sql`and exists (select 1 from group_members gm where gm.group_id = ${groupId} and gm.user_id = c.user_id)`
    : sql``;
  return sql`c.organization_id = ${organizationId}
    and exists (select 1 from memberships m where m.organization_id = ${organizationId} and m.user_id = c.user_id
                and m.role = 'member') ${inGroup}`;
}

export type LearnerSkillRow = { kind: SkillKind; key: string; label: string; user_id: string; scores: number[] };

/** Per skill and learner of a cohort, the learner's scores oldest first: one grouped statement. */
export async function selectCohortSkillScores(
  db: Executor,
  input: { organizationId: string; groupId?: string },
): Promise<LearnerSkillRow[]> {
  const res = await db.execute(sql`
    with ${itemsCte(cohortWhere(input.organizationId, input.groupId), null)}
    select kind, key, (array_agg(label order by started_at desc))[1] as label, user_id,
           json_agg(score order by started_at, id) as scores
    from items group by kind, key, user_id`);
  return rowsOf<{ kind: SkillKind; key: string; label: string; user_id: string; scores: unknown }>(res).map((r) => ({
    ...r,
    scores: ((typeof r.scores === "string" ? JSON.parse(r.scores) : r.scores) as unknown[]).map(Number),
  }));
}

export type CohortWeekRow = {
  kind: SkillKind;
  key: string;
  week: string;
  mean: number;
  sessions: number;
  learners: number;
};

/** Per skill and week (Monday, in the organisation's time zone) the cohort's mean score, sessions and learners. */
export async function selectCohortWeeks(
  db: Executor,
  input: { organizationId: string; groupId?: string; timeZone: string },
): Promise<CohortWeekRow[]> {
  const res = await db.execute(sql`
    with ${itemsCte(cohortWhere(input.organizationId, input.groupId), null)}
    select kind, key, to_char(date_trunc('week', started_at at time zone ${input.timeZone}), 'YYYY-MM-DD') as week,
           avg(score)::float8 as mean, count(*)::int as sessions, count(distinct user_id)::int as learners
    from items group by kind, key, week order by week`);
  return rowsOf<CohortWeekRow>(res).map((r) => ({
    ...r,
    mean: Number(r.mean),
    sessions: Number(r.sessions),
    learners: Number(r.learners),
  }));
}
