import "server-only";

import { getDb } from "@/db";
import { findMembership, selectAdminIds } from "@/db/queries/memberships";
import { selectFirstSignIns, selectRecentScores, selectUserConversations } from "@/db/queries/organization-stats";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import { gradeStateName } from "@/lib/grading/response";

import { type Assignment, assignmentsOf } from "./assignments";
import { type AttentionFlag, attentionFlags, median } from "./attention";
import { getOrganizationStats, type OrganizationStats } from "./stats";

export type CohortSummary = {
  /** The organisation's IANA time zone: exports show local dates and times in it. */
  time_zone: string;
  learners: number;
  active_7d: number;
  median_score: number | null;
  average_score: number | null;
  pass_rates: {
    assignment_id: string;
    schema_name: string;
    due_at: string;
    pass_rate: number | null;
    passed: number;
    assigned: number;
  }[];
};
export type Cohort = {
  stats: OrganizationStats;
  assignments: Assignment[];
  summary: CohortSummary;
  flags: Record<string, AttentionFlag[]>;
};

const WEEK = 7 * 86_400_000;

/** Everything the organisation page shows, in a fixed number of grouped queries. */
export async function getCohort(caller: SessionUser, now = new Date()): Promise<Cohort> {
  const membership = await requireRole(caller, "admin");
  const db = await getDb();
  const [stats, assignments, recent, admins, signIns] = await Promise.all([
    getOrganizationStats(caller, { includeEmptyGroups: true }),
    assignmentsOf(membership.organizationId, now),
    selectRecentScores(db, membership.organizationId),
    selectAdminIds(db, membership.organizationId),
    selectFirstSignIns(db, membership.organizationId),
  ]);
  const firstSignIn = new Map(signIns.map((r) => [r.user_id, r.first_signed_in_at?.toISOString() ?? null]));
  const people = new Map(stats.groups.flatMap((g) => g.users).map((u) => [u.id, u]));
  // Learners only: stats.ts leaves admins out of the tables already; the summary never counts them either.
  const users = [...people.values()].filter((u) => !admins.has(u.id));
  const averages = users.map((u) => u.average_score).filter((s): s is number => s !== null);
  const recentOf = new Map(recent.map((r) => [r.user_id, r.scores]));
  const flags: Record<string, AttentionFlag[]> = {};
  const assignedTo = new Map<
    string,
    {
      status: Assignment["learners"][number]["status"];
      attempts: number;
      score: number | null;
      pass_mark: number;
      min_attempts: number;
      created_at: string;
    }[]
  >();
  for (const a of assignments) {
    for (const l of a.learners) {
      assignedTo.set(l.user_id, [
        ...(assignedTo.get(l.user_id) ?? []),
        { ...l, pass_mark: a.pass_mark, min_attempts: a.min_attempts, created_at: a.created_at },
      ]);
    }
  }
  for (const u of users) {
    const mine = assignedTo.get(u.id) ?? [];
    flags[u.id] = attentionFlags({
      lastActive: u.last_active,
      firstSignedIn: firstSignIn.get(u.id) ?? null,
      assignedSince: mine.length ? mine.map((a) => a.created_at).reduce((x, y) => (x > y ? x : y)) : null,
      recentScores: recentOf.get(u.id) ?? [],
      assignments: mine,
      now,
    });
  }
  return {
    stats,
    assignments,
    flags,
    summary: {
      time_zone: membership.timeZone,
      learners: users.length,
      active_7d: users.filter((u) => u.last_active && now.getTime() - new Date(u.last_active).getTime() <= WEEK).length,
      median_score: median(averages),
      average_score: averages.length
        ? Math.round((averages.reduce((a, b) => a + b, 0) / averages.length) * 10) / 10
        : null,
      pass_rates: assignments.map((a) => ({
        assignment_id: a.id,
        schema_name: a.schema_name,
        due_at: a.due_at,
        pass_rate: a.completion.pass_rate,
        passed: a.completion.passed,
        assigned: a.completion.assigned,
      })),
    },
  };
}

const MAX_CONVERSATIONS = 500;

type ConversationRow = Awaited<ReturnType<typeof selectUserConversations>>[number];

/** Where one conversation stands, in the words of the learner's conversation list. */
function statusOf(r: ConversationRow): string {
  if (r.status === "active") return "in progress";
  if (r.grade_status === "graded") return r.grade_state === "too_little" ? "too little to grade" : "graded";
  if (r.grade_status === "failed") return "grading failed";
  return r.grade_status === "pending" ? "grading" : "not graded";
}

/** The user detail list: every conversation of one member here (newest first) and first-to-best lift per roleplay. */
export async function getUserConversations(caller: SessionUser, userId: string) {
  const { organizationId } = await requireRole(caller, "admin");
  const db = await getDb();
  if (!(await findMembership(db, { userId, organizationId }))) throw notFound("User not found", "user");
  const rows = await selectUserConversations(db, { organizationId, userId, limit: MAX_CONVERSATIONS });
  const list = rows.map((r) => {
    const graded = r.grade_status === "graded";
    // Too little to grade has no automatic score: the final score is null unless a review set one.
    const final = graded ? (r.reviewed_score ?? r.automatic_score) : null;
    return {
      id: r.id,
      schema_name: r.schema_name,
      // 'real_call': an uploaded call; listed and graded, but not practice (left out of the lift below).
      source: r.source,
      started_at: r.started_at.toISOString(),
      duration_minutes: r.ended_at ? Math.round((r.ended_at.getTime() - r.started_at.getTime()) / 60_000) : null,
      status: statusOf(r),
      grade_state: graded ? gradeStateName(r.grade_state ?? "graded") : null,
      score: final,
      automatic_score: graded ? r.automatic_score : null,
      reviewed: graded && r.reviewed_score !== null,
    };
  });
  return { conversations: list, lift: liftPerRoleplay(list.filter((c) => c.source === "practice")) };
}

/** First graded score, best score and their difference for each roleplay practised (oldest attempt first). */
export function liftPerRoleplay(list: { schema_name: string; started_at: string; score: number | null }[]) {
  const byName = new Map<string, number[]>();
  for (const c of [...list].reverse()) {
    if (c.score === null) continue;
    byName.set(c.schema_name, [...(byName.get(c.schema_name) ?? []), c.score]);
  }
  return [...byName.entries()].map(([schema_name, scores]) => ({
    schema_name,
    attempts: scores.length,
    first: scores[0],
    best: Math.max(...scores),
    lift: Math.max(...scores) - scores[0],
  }));
}
