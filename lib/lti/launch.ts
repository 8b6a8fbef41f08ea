import "server-only";

import { getDb, type Transaction } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  addGroupMember,
  claimResourceLink,
  emailInUse,
  ensureContextGroup,
  ensureMembership,
  findLinkedUser,
  findResourceLink,
  insertLaunchUser,
  promoteToAdmin,
  recordNonce,
  setLineItemUrl,
  updateUserName,
  upsertContext,
} from "@/db/queries/lti-launch";
import { upsertActiveOrganization } from "@/db/queries/memberships";
import type { LtiPlatform } from "@/db/schema";
import { env } from "@/lib/env";

import { CLAIM, type CourseRole, courseRole, DEEP_LINKING_REQUEST, type LaunchClaims } from "./claims";
import { ltiError } from "./errors";
import { platformSettings } from "./platform-settings";
import { sha256 } from "./sealed";
import type { VerifiedLaunch } from "./verify";

/** Something the person should read before carrying on (shown on the launch page). */
type LaunchNotice = "instructor_not_admin" | "instructor_needs_admin_for_deep_linking";

export type Provisioned = {
  user: { id: string; name: string; email: string; isDev: boolean };
  organizationId: string;
  role: CourseRole;
  /** Where the launch lands: the course link's activity page, or the dashboard. */
  target: string;
  notices: LaunchNotice[];
  /** Set for a deep-linking request: the course it creates links in. */
  deepLink?: { contextRowId: string; groupId: string | null };
  /** The launch's course (lti_contexts.id), when it came from one: an instructor's launch syncs its roster. */
  courseId: string | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function displayName(claims: LaunchClaims): string {
  const full = claims.name?.trim() || [claims.given_name, claims.family_name].filter(Boolean).join(" ").trim();
  return (full || "LMS user").slice(0, 200);
}

/**
 * An LMS user is their (platform, sub) pair, never their e-mail: a platform could assert any address, so an
 * existing Parley account is not taken over by e-mail. The LMS's address is used for a new account when no
 * account has it; otherwise the account gets an address of its own under the reserved `.invalid` domain.
 */
async function launchUser(tx: Transaction, platform: LtiPlatform, claims: LaunchClaims) {
  const name = displayName(claims);
  const linked = await findLinkedUser(tx, { platformId: platform.id, sub: claims.sub });
  if (linked) {
    if (claims.name || claims.given_name) await updateUserName(tx, { userId: linked.id, name });
    return { ...linked, name: claims.name || claims.given_name ? name : linked.name };
  }
  const claimed = claims.email?.trim().toLowerCase();
  const email =
    claimed && EMAIL.test(claimed) && !(await emailInUse(tx, claimed))
      ? claimed
      : `lti-${sha256(`${platform.id}:${claims.sub}`).slice(0, 20).toLowerCase()}@lms.parley.invalid`;
  return insertLaunchUser(tx, {
    email,
    name,
    credits: env().DEFAULT_CREDITS,
    platformId: platform.id,
    sub: claims.sub,
  });
}

/** The course's row and group; learners join the group, instructors do not (they are not practising it). */
async function launchCourse(
  tx: Transaction,
  platform: LtiPlatform,
  claims: LaunchClaims,
  userId: string,
  role: CourseRole,
) {
  const context = claims[CLAIM.context];
  if (!context) return null;
  const ags = claims[CLAIM.agsEndpoint];
  const row = await upsertContext(tx, {
    platformId: platform.id,
    contextId: context.id,
    title: (context.title || context.label || "").slice(0, 200),
    nrpsUrl: claims[CLAIM.nrps]?.context_memberships_url,
    lineitemsUrl: ags?.lineitems,
  });
  const groupId = await ensureContextGroup(tx, {
    contextRowId: row.id,
    groupId: row.group_id,
    organizationId: platform.organization_id,
    name: (context.title || context.label || `Course ${context.id}`).slice(0, 100),
    description: `Course in ${platform.name || new URL(platform.issuer).host}, kept in step by LTI launches`,
  });
  if (role === "learner") await addGroupMember(tx, { groupId, userId });
  return { ...row, group_id: groupId };
}

/** The Parley link behind this LMS link: by its LMS id, or by the id deep linking put in its custom parameters. */
async function launchLink(tx: Transaction, claims: LaunchClaims, contextRowId: string) {
  const resourceLinkId = claims[CLAIM.resourceLink]?.id;
  if (!resourceLinkId) return null;
  let link = await findResourceLink(tx, { contextRowId, resourceLinkId });
  const custom = claims[CLAIM.custom]?.parley_link;
  if (!link && typeof custom === "string" && /^[0-9a-f-]{36}$/i.test(custom))
    link = await claimResourceLink(tx, { id: custom.toLowerCase(), contextRowId, resourceLinkId });
  const lineItem = claims[CLAIM.agsEndpoint]?.lineitem;
  if (link && lineItem) await setLineItemUrl(tx, { id: link.id, url: lineItem });
  return link;
}

/**
 * Everything a verified launch changes, in one transaction, all inside the organisation that registered the
 * platform: the nonce (a replay is refused before anything is written), the account and its link, the
 * membership, the instructor mapping, the course group, the link's line item, the active organisation.
 */
export async function provisionLaunch(launch: VerifiedLaunch): Promise<Provisioned> {
  const { platform, claims } = launch;
  const organizationId = platform.organization_id;
  const { role, rule } = courseRole(claims[CLAIM.roles]);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await recordNonce(tx, { platformId: platform.id, nonce: launch.nonce, expiresAt: launch.expiresAt })))
      throw ltiError("replayed_nonce");
    const user = await launchUser(tx, platform, claims);
    let orgRole = await ensureMembership(tx, { userId: user.id, organizationId });
    const notices: LaunchNotice[] = [];
    if (role === "instructor" && orgRole === "member") {
      if (platformSettings(platform).instructorsBecomeAdmins) {
        await promoteToAdmin(tx, { userId: user.id, organizationId });
        orgRole = "admin";
        await recordAudit(tx, {
          organizationId,
          actorId: null,
          action: "membership.role_changed",
          targetType: "user",
          targetId: user.id,
          details: { role: "admin", via: "lti_launch", platform_id: platform.id, rule },
        });
      } else notices.push("instructor_not_admin");
    }
    await upsertActiveOrganization(tx, { userId: user.id, organizationId });
    const course = await launchCourse(tx, platform, claims, user.id, role);

    const session = { id: user.id, name: user.name, email: user.email, isDev: user.is_dev };
    if (claims[CLAIM.messageType] === DEEP_LINKING_REQUEST) {
      if (!course) throw ltiError("bad_claims", "deep linking needs a course (context claim)");
      if (orgRole !== "admin" && notices.length === 0) notices.push("instructor_needs_admin_for_deep_linking");
      return {
        user: session,
        organizationId,
        role,
        target: "/dashboard",
        notices,
        deepLink: { contextRowId: course.id, groupId: course.group_id },
        courseId: course.id,
      };
    }
    const link = course ? await launchLink(tx, claims, course.id) : null;
    const target = link ? `/activity/${link.id}` : "/dashboard";
    return { user: session, organizationId, role, target, notices, courseId: course?.id ?? null };
  });
}
