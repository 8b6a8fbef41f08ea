import { getDb } from "@/db";
import { selectConversationStats, selectCreditAccount, selectRecentConversations } from "@/db/queries/dashboard";
import type { SessionUser } from "@/lib/auth/service";
import { learnerAssignments } from "@/lib/organizations/assignments";
import { getActiveMembership } from "@/lib/organizations/membership";

export const RECENT_CONVERSATIONS = 20;

/** The dashboard object of spec section 3, from real data. */
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
      score: c.score == null ? null : Number(c.score),
    })),
    // Issue 14: the learner's assignments in their current organisation, soonest due first.
    assignments,
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
