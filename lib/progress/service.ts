import "server-only";

import { getDb } from "@/db";
import { findMembership } from "@/db/queries/memberships";
import { selectCohortSkillScores, selectCohortWeeks, selectLearnerSkillItems } from "@/db/queries/progress";
import { foreignGroupIds } from "@/db/queries/roleplays";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import type { ProgressQuery } from "@/lib/validations/progress";

import { PROFICIENCY_HALF_LIFE, PROFICIENCY_MIN_SESSIONS } from "./proficiency";
import { cohortProgress, learnerProgress } from "./summarise";

/** The most recent sessions a learner's view reads (the chart and every first/best/latest). */
const MAX_SESSIONS = 500;

/** Said with every answer, so a reader knows what "proficiency" means. */
const RULE = { min_sessions: PROFICIENCY_MIN_SESSIONS, half_life_sessions: PROFICIENCY_HALF_LIFE };

/** The learner's own progress by skill, across all their practice (the dashboard). */
export async function getOwnProgress(user: SessionUser) {
  const items = await selectLearnerSkillItems(await getDb(), { userId: user.id, limit: MAX_SESSIONS });
  return { scope: "learner" as const, user_id: user.id, proficiency_rule: RULE, ...learnerProgress(items) };
}

/**
 * The organisation page's progress: one member's (their practice in this organisation), or a cohort's
 * (the organisation's learners, or one group's). Another organisation's member or group is the same 404
 * as an unknown one.
 */
export async function getOrganizationProgress(caller: SessionUser, query: ProgressQuery) {
  const { organizationId, timeZone } = await requireRole(caller, "admin");
  const db = await getDb();
  if (query.user_id) {
    if (!(await findMembership(db, { userId: query.user_id, organizationId })))
      throw notFound("User not found", "user");
    const items = await selectLearnerSkillItems(db, { userId: query.user_id, organizationId, limit: MAX_SESSIONS });
    return { scope: "learner" as const, user_id: query.user_id, proficiency_rule: RULE, ...learnerProgress(items) };
  }
  const groupId = query.group_id;
  if (groupId && (await foreignGroupIds(db, { organizationId, groupIds: [groupId] })).length) {
    throw notFound("Group not found", "group");
  }
  const [rows, weeks] = await Promise.all([
    selectCohortSkillScores(db, { organizationId, groupId }),
    selectCohortWeeks(db, { organizationId, groupId, timeZone }),
  ]);
  return {
    scope: "cohort" as const,
    group_id: groupId ?? null,
    time_zone: timeZone,
    proficiency_rule: RULE,
    ...cohortProgress(rows, weeks),
  };
}

export type OwnProgress = Awaited<ReturnType<typeof getOwnProgress>>;
