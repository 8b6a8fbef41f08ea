import "server-only";

import { getDb } from "@/db";
import { selectConversationStats, selectCreditAccount, selectRecentConversations } from "@/db/queries/dashboard";
import type { SessionUser } from "@/lib/auth/service";
import { gradeStateName } from "@/lib/grading/response";
import { learnerAssignments } from "@/lib/organizations/assignments";
import { getActiveMembership } from "@/lib/organizations/membership";

/** Every conversation a learner starts should be findable: more than a pilot account holds credits for. */
const RECENT_CONVERSATIONS = 100;

/** Where a conversation stands, as the dashboard shows it. */
type ConversationProgress = "in_progress" | "grading" | "graded" | "grading_failed" | "abandoned" | "ended";

function progressOf(c: { conversation_status: string; grade_status: string | null }): ConversationProgress {
  if (c.conversation_status === "active") return "in_progress";
  if (c.conversation_status === "abandoned") return "abandoned";
  if (c.grade_status === "graded") return "graded";
  if (c.grade_status === "failed") return "grading_failed";
  return c.grade_status === "pending" ? "grading" : "ended";
}

/** The dashboard API's answer: credits, stats, recent conversations and assignments. */
export async function getDashboard(user: SessionUser) {
  const db = await getDb();
  const membershipP = getActiveMembership(user.id);
  const [membership, stats, credits, recent, assignments] = await Promise.all([
    membershipP,
    selectConversationStats(db, user.id),
    selectCreditAccount(db, user.id),
    selectRecentConversations(db, { userId: user.id, limit: RECENT_CONVERSATIONS }),
    membershipP.then((m) => learnerAssignments(user.id, m?.organizationId ?? null)),
  ]);
  const total = credits?.total ?? 0;
  const used = credits?.used ?? 0;
  return {
    user: user.name || user.email,
    isDev: user.isDev,
    organization: membership?.organizationName ?? "",
    organizationRole: membership?.role ?? "member",
    stats,
    subscription: { credits_current: Math.max(0, total - used), credits_total: total, credits_used: used },
    conversations: recent.map((c) => ({
      id: c.id,
      name: c.name,
      started_at: new Date(c.started_at).toISOString(),
      // Null for too little to grade (unless a review scored it): a state, not a number.
      score: c.score == null ? null : Number(c.score),
      status: progressOf(c),
      grade_state: c.grade_status === "graded" ? gradeStateName(c.grade_state ?? "graded") : null,
      // 'real_call': an uploaded call, graded but not practice (no credit, not in the stats above).
      source: c.source,
      unread_comments: Number(c.unread_comments ?? 0),
    })),
    // Issue 14: the learner's assignments in their current organisation, soonest due first.
    assignments,
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
