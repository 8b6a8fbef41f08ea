import "server-only";

import { z } from "zod";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  addGroupMember,
  emailInUse,
  ensureMembership,
  findLinkedUser,
  insertLaunchUser,
  updateUserName,
} from "@/db/queries/lti-launch";
import {
  findContextWithPlatform,
  lockContextRoster,
  markRosterSynced,
  removeGroupMembers,
  selectLinkedGroupMembers,
} from "@/db/queries/lti-roster";
import { env } from "@/lib/env";

import { courseRole } from "./claims";
import { sha256 } from "./sealed";
import { PlatformError, SCOPES, serviceFetch } from "./token";

/*
 * Names and Role Provisioning Services 2.0: the course roster, read page by page (Link rel="next"), kept in
 * step with the course group. Learners of the roster join it (accounts made as a launch makes them: no
 * password, linked by their LMS id); learners who left (Inactive, Deleted, or no longer listed) leave the
 * group and so lose the course's roleplays and assignments, while their account, calls and grades stay.
 * Instructors are left to their own launch, which decides what they may do.
 */
const MEMBERSHIPS = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json";
const MAX_PAGES = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const member = z.object({
  user_id: z.string().min(1).max(255),
  roles: z.array(z.string()).default([]),
  status: z.string().optional(),
  name: z.string().max(200).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
});
const container = z.object({ members: z.array(z.unknown()) });
type Member = z.output<typeof member>;

export type RosterSyncResult =
  | { status: "synced"; members: number; learners: number; added: number; removed: number }
  | { status: "skipped"; reason: string };

/** The next page's URL from a Link header, only on the roster's own host (the bearer token goes with it). */
export function nextPage(link: string | null, current: string): string | null {
  const match = link?.split(",").find((part) => /;\s*rel="?next"?/i.test(part));
  const url = match?.match(/<([^>]+)>/)?.[1];
  if (!url) return null;
  const next = new URL(url, current);
  return next.origin === new URL(current).origin ? next.toString() : null;
}

async function fetchRoster(platform: Parameters<typeof serviceFetch>[0], firstUrl: string): Promise<Member[]> {
  const members: Member[] = [];
  let url: string | null = firstUrl;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const res = await serviceFetch(platform, [SCOPES.memberships], url, { headers: { accept: MEMBERSHIPS } }, "roster");
    const body = container.safeParse(await res.json().catch(() => null));
    if (!body.success) throw new PlatformError("roster: the platform's answer is not a membership container", false);
    for (const raw of body.data.members) {
      const parsed = member.safeParse(raw);
      if (parsed.success) members.push(parsed.data);
    }
    url = nextPage(res.headers.get("link"), url);
  }
  return members;
}

const displayName = (m: Member) =>
  (m.name?.trim() || [m.given_name, m.family_name].filter(Boolean).join(" ").trim() || "LMS user").slice(0, 200);

/**
 * Syncs one course's roster into its group. Called after an instructor's launch (in the background) and by
 * the admin's "Sync roster". `actorId` is the admin who asked (null: automatic). Platform trouble is thrown
 * as a PlatformError; a course without a roster service or a group is skipped, with the reason.
 */
export async function syncRoster(contextId: string, actorId: string | null = null): Promise<RosterSyncResult> {
  const db = await getDb();
  const found = await findContextWithPlatform(db, { contextId });
  if (!found) return { status: "skipped", reason: "course not found" };
  const { context, platform } = found;
  if (!context.nrps_url) return { status: "skipped", reason: "the LMS offers no roster service for this course" };
  if (!context.group_id) return { status: "skipped", reason: "the course has no group yet" };
  const groupId = context.group_id;

  const roster = await fetchRoster(platform, context.nrps_url);
  const active = roster.filter((m) => (m.status ?? "Active") === "Active");
  const learners = active.filter((m) => courseRole(m.roles).role === "learner");
  const organizationId = platform.organization_id;

  return db.transaction(async (tx) => {
    await lockContextRoster(tx, context.id);
    const before = await selectLinkedGroupMembers(tx, { groupId, platformId: platform.id });
    const inGroup = new Set(before.map((m) => m.sub));
    let added = 0;
    for (const m of learners) {
      let user = await findLinkedUser(tx, { platformId: platform.id, sub: m.user_id });
      if (user) {
        if (m.name || m.given_name) await updateUserName(tx, { userId: user.id, name: displayName(m) });
      } else {
        const claimed = m.email?.trim().toLowerCase();
        const email =
          claimed && EMAIL.test(claimed) && !(await emailInUse(tx, claimed))
            ? claimed
            : `lti-${sha256(`${platform.id}:${m.user_id}`).slice(0, 20).toLowerCase()}@lms.parley.invalid`;
        user = await insertLaunchUser(tx, {
          email,
          name: displayName(m),
          credits: env().DEFAULT_CREDITS,
          platformId: platform.id,
          sub: m.user_id,
        });
      }
      await ensureMembership(tx, { userId: user.id, organizationId });
      if (!inGroup.has(m.user_id)) {
        await addGroupMember(tx, { groupId, userId: user.id });
        added++;
      }
    }
    // An empty roster is a platform fault, not a course everyone left: nobody is removed on its word.
    const staying = new Set(learners.map((m) => m.user_id));
    const leaving = roster.length === 0 ? [] : before.filter((m) => !staying.has(m.sub)).map((m) => m.user_id);
    const removed = await removeGroupMembers(tx, { groupId, userIds: leaving });
    await markRosterSynced(tx, context.id);
    await recordAudit(tx, {
      organizationId,
      actorId,
      action: "lti.roster.synced",
      targetType: "lti_context",
      targetId: context.id,
      details: { members: roster.length, learners: learners.length, added, removed },
    });
    return { status: "synced" as const, members: roster.length, learners: learners.length, added, removed };
  });
}

/** After an instructor's launch: the roster is synced without holding up the launch; trouble is logged. */
export function syncRosterInBackground(contextId: string): void {
  setImmediate(() => {
    syncRoster(contextId).catch((err) =>
      console.warn(`[lti] roster sync of course ${contextId} failed: ${err instanceof Error ? err.message : err}`),
    );
  });
}
