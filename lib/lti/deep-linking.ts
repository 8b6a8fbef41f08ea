import "server-only";

import { randomUUID } from "node:crypto";

import { SignJWT } from "jose";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import {
  findPlatformOfOrganization,
  findUserForSession,
  insertResourceLink,
  recordNonce,
  shareRoleplayWithGroup,
} from "@/db/queries/lti-launch";
import { findMembership } from "@/db/queries/memberships";
import { selectRoleplayNames } from "@/db/queries/roleplays";
import { forbidden } from "@/lib/errors";
import { createAssignment } from "@/lib/organizations/assignments";
import type { DeepLinkPick } from "@/lib/validations/lti";

import { CLAIM } from "./claims";
import { ltiError } from "./errors";
import { signingKey, TOOL_KEY_ALG } from "./keys";
import type { Provisioned } from "./launch";
import { seal, unseal } from "./sealed";
import { toolUrls } from "./tool-urls";
import type { VerifiedLaunch } from "./verify";

/** How long an instructor may take in the picker. */
const PICKER_TTL_SECONDS = 60 * 60;

type DeepLinkContext = {
  jti: string;
  uid: string;
  org: string;
  pid: string;
  ctx: string;
  gid: string | null;
  dep: string;
  ret: string;
  data?: string;
  course: string;
};

export async function sealDeepLinkContext(launch: VerifiedLaunch, landed: Provisioned): Promise<string> {
  const settings = launch.claims[CLAIM.deepLinkingSettings];
  if (!settings) throw ltiError("bad_claims", "deep_linking_settings is required");
  if (!settings.accept_types.includes("ltiResourceLink"))
    throw ltiError("bad_claims", "this placement does not accept links (ltiResourceLink)");
  const context: DeepLinkContext = {
    jti: randomUUID(),
    uid: landed.user.id,
    org: landed.organizationId,
    pid: launch.platform.id,
    ctx: landed.deepLink!.contextRowId,
    gid: landed.deepLink!.groupId,
    dep: launch.claims[CLAIM.deploymentId],
    ret: settings.deep_link_return_url,
    data: settings.data,
    course: launch.claims[CLAIM.context]?.title ?? "",
  };
  return seal("lti-deep-link", context, PICKER_TTL_SECONDS);
}

async function openContext(sealed: string): Promise<DeepLinkContext> {
  const context = await unseal<DeepLinkContext>("lti-deep-link", sealed);
  if (!context) throw ltiError("bad_request", "this picker has expired; add the activity again from your course");
  return context;
}

/** Only an admin of the organisation may create its assignments, from the LMS as anywhere else. */
async function assertAdmin(context: DeepLinkContext) {
  const membership = await findMembership(await getDb(), { userId: context.uid, organizationId: context.org });
  if (membership?.role !== "admin")
    throw forbidden(
      "Only admins of this Parley organization can add activities. Ask your Parley admin to allow LMS instructors on the LTI page, or to make you an admin.",
    );
}

/** What the picker shows: the organisation's roleplays and the course, or why this instructor cannot pick. */
export async function deepLinkPicker(sealed: string) {
  const context = await openContext(sealed);
  const db = await getDb();
  const [membership, roleplays] = await Promise.all([
    findMembership(db, { userId: context.uid, organizationId: context.org }),
    selectRoleplayNames(db, context.org),
  ]);
  return {
    course: context.course,
    allowed: membership?.role === "admin",
    roleplays: roleplays.map((r) => ({ id: r.id, name: r.name })),
  };
}

/**
 * The instructor's choice becomes an assignment for the course's group and a course link, in one transaction
 * (the assignment service's), and the answer is the signed LtiDeepLinkingResponse the browser posts back to
 * the LMS. Its content item carries a lineItem, so the LMS makes the gradebook column scores go to.
 */
export async function completeDeepLink(pick: DeepLinkPick, requestUrl: string) {
  const context = await openContext(pick.context);
  await assertAdmin(context);
  const db = await getDb();
  const [platform, user] = await Promise.all([
    findPlatformOfOrganization(db, { id: context.pid, organizationId: context.org }),
    findUserForSession(db, context.uid),
  ]);
  if (!platform || !user) throw ltiError("bad_request", "this LMS registration no longer exists");

  let linkId = "";
  const assignment = await createAssignment(
    { id: user.id, name: user.name, email: user.email, isDev: user.is_dev },
    {
      schema_id: pick.schema_id,
      group_ids: context.gid ? [context.gid] : [],
      due_at: pick.due_at,
      pass_mark: pick.pass_mark,
      min_attempts: 1,
    },
    {
      organizationId: context.org,
      also: async (tx, assignmentId) => {
        // The picker's context is single use: a second submission (a double click, a replay) makes nothing.
        if (
          !(await recordNonce(tx, {
            platformId: platform.id,
            nonce: `deep-link:${context.jti}`,
            expiresAt: new Date(Date.now() + PICKER_TTL_SECONDS * 1000),
          }))
        )
          throw ltiError("bad_request", "this activity was already added; add another from your course");
        const link = await insertResourceLink(tx, {
          contextRowId: context.ctx,
          roleplayId: pick.schema_id,
          assignmentId,
        });
        linkId = link.id;
        if (context.gid) await shareRoleplayWithGroup(tx, { roleplayId: pick.schema_id, groupId: context.gid });
        await recordAudit(tx, {
          organizationId: context.org,
          actorId: context.uid,
          action: "lti.deep_link.created",
          targetType: "assignment",
          targetId: assignmentId,
          details: { platform_id: platform.id, resource_link: link.id, roleplay_id: pick.schema_id },
        });
      },
    },
  );

  const item = {
    type: "ltiResourceLink",
    title: assignment.schema_name,
    text: `Practise "${assignment.schema_name}" in Parley: pass mark ${assignment.pass_mark}.`,
    url: toolUrls(requestUrl).launch,
    custom: { parley_link: linkId },
    lineItem: { scoreMaximum: 100, label: assignment.schema_name, resourceId: linkId, tag: "parley" },
    submission: { endDateTime: assignment.due_at },
  };
  const { kid, key } = await signingKey();
  const jwt = await new SignJWT({
    nonce: randomUUID(),
    azp: platform.client_id,
    [CLAIM.messageType]: "LtiDeepLinkingResponse",
    [CLAIM.version]: "1.3.0",
    [CLAIM.deploymentId]: context.dep,
    [CLAIM.contentItems]: [item],
    ...(context.data ? { [CLAIM.deepLinkingData]: context.data } : {}),
  })
    .setProtectedHeader({ alg: TOOL_KEY_ALG, kid, typ: "JWT" })
    .setIssuer(platform.client_id)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);
  return { returnUrl: context.ret, jwt, assignmentId: assignment.id, linkId };
}
