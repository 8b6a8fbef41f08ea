import "server-only";

import type { Executor } from "@/db";
import { getDb } from "@/db";
import {
  type MemberAggregate,
  selectGroupMemberships,
  selectMemberAggregates,
  selectStatsVersion,
} from "@/db/queries/organization-stats";
import { selectOrganizationGroups } from "@/db/queries/organizations";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";

import { VersionedCache } from "./stats-cache";

export type UserStats = {
  id: string;
  name: string;
  email: string;
  conversations: number;
  time_minutes: number;
  average_score: number | null;
  last_active: string | null;
};
export type GroupStats = { id: string; name: string; description: string; users: UserStats[] };
export type OrganizationStats = { organization_name: string; groups: GroupStats[] };

const UNGROUPED = { id: "ungrouped", name: "Ungrouped", description: "Members who are in no group" } as const;

type StatsOptions = { includeEmptyGroups?: boolean };

/**
 * The groups of the caller's organisation with their members' figures, assembled once per version of
 * the organisation's statistics (see ./stats-cache.ts) and shared, frozen, until the next change.
 * The caller is authorised (an admin of it, or a developer: lib/auth/roles.ts) before anything is looked up.
 */
const cache = new VersionedCache<GroupStats[]>();

async function cachedGroups(user: SessionUser, { includeEmptyGroups = false }: StatsOptions) {
  const membership = await requireRole(user, "admin");
  const db = await getDb();
  const organizationId = membership.organizationId;
  const version = await selectStatsVersion(db, organizationId);
  const groups = await cache.get({ org: organizationId, version, flags: includeEmptyGroups ? "all" : "nonempty" }, () =>
    assembleGroups(db, organizationId, includeEmptyGroups),
  );
  return { membership, groups };
}

/** The organisation stats API's answer (the organisation page uses it too). Frozen: read only. */
export async function getOrganizationStats(user: SessionUser, options: StatsOptions = {}): Promise<OrganizationStats> {
  const { membership, groups } = await cachedGroups(user, options);
  return { organization_name: membership.organizationName, groups: groups.value };
}

/**
 * The same answer as getOrganizationStats, already serialised and encoded (about 290 KB for 1,300
 * members): the route sends this body as it is. The organisation's name is read fresh with the
 * caller's membership; the body is encoded again only when it differs from the cached one's.
 */
export async function getOrganizationStatsBody(user: SessionUser, options: StatsOptions = {}): Promise<Blob> {
  const { membership, groups } = await cachedGroups(user, options);
  const name = membership.organizationName;
  if (groups.body?.key !== name) {
    const json = `{"organization_name":${JSON.stringify(name)},"groups":${groups.json}}`;
    // A Blob: a Response streams it without copying or re-encoding it (a string is encoded per request).
    groups.body = { key: name, blob: new Blob([json], { type: "application/json" }) };
  }
  return groups.body.blob;
}

/** Three queries whatever the size of the organisation. Admins are left out: the tables list learners. */
export async function assembleGroups(
  db: Executor,
  organizationId: string,
  includeEmptyGroups: boolean,
): Promise<GroupStats[]> {
  const [members, groupRows, links] = await Promise.all([
    selectMemberAggregates(db, organizationId),
    selectOrganizationGroups(db, { organizationId, order: "created" }),
    selectGroupMemberships(db, organizationId),
  ]);

  // Sorted once, here rather than in SQL (for 1,300 members about 0.6 ms of Node against 3-6 ms of
  // the shared database), so each group's list comes out in order as members are dealt into it.
  // Learners only: an instructor's (admin's) own practice is never a learner's row.
  const sorted = members
    .filter((m) => m.role !== "admin")
    .map(toUserStats)
    .sort(byNameThenEmail);
  const groupsOf = new Map<string, string[]>();
  for (const link of links) {
    const list = groupsOf.get(link.user_id);
    if (list) list.push(link.group_id);
    else groupsOf.set(link.user_id, [link.group_id]);
  }
  const usersOf = new Map<string, UserStats[]>(groupRows.map((g) => [g.id, []]));
  const ungrouped: UserStats[] = [];
  for (const stats of sorted) {
    const groupIds = groupsOf.get(stats.id);
    if (!groupIds) ungrouped.push(stats);
    else for (const groupId of groupIds) usersOf.get(groupId)?.push(stats);
  }
  const result: GroupStats[] = groupRows
    .map((g) => ({ id: g.id, name: g.name, description: g.description, users: usersOf.get(g.id)! }))
    .filter((g) => includeEmptyGroups || g.users.length > 0);
  if (ungrouped.length > 0) result.push({ ...UNGROUPED, users: ungrouped });
  return result;
}

const byNameThenEmail = (a: UserStats, b: UserStats) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email);

function toUserStats(row: MemberAggregate): UserStats {
  const average = row.average_score === null ? null : Number(row.average_score);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    conversations: Number(row.conversations),
    time_minutes: Math.round(Number(row.seconds) / 60),
    average_score: average === null ? null : Math.round(average * 10) / 10,
    last_active: row.last_active_epoch === null ? null : new Date(Number(row.last_active_epoch) * 1000).toISOString(),
  };
}
