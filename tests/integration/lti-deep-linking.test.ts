import { eq } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DELETE as deleteOrganization } from "@/app/api/dev/organization/delete/route";
import { getDb } from "@/db";
import {
  assignmentGroups,
  assignments,
  auditLog,
  ltiContexts,
  ltiPlatforms,
  ltiResourceLinks,
  ltiUserLinks,
  organizations,
  roleplayGroups,
} from "@/db/schema";
import { courseActivity } from "@/lib/lti/activity";
import { completeDeepLink, deepLinkPicker } from "@/lib/lti/deep-linking";
import { publicJwks } from "@/lib/lti/keys";
import { deepLinkPickSchema } from "@/lib/validations/lti";

import { call } from "../helpers/api";
import { createOrg, createUser } from "../helpers/factories";
import { type LtiPlatformStandIn, ROLES, startLtiPlatform } from "../helpers/lti-platform";
import { launch, launchFootprint, registerStandIn, TOOL } from "./lti-launch-helpers";
import { makeRoleplay } from "./matrix/world";

const DL = "https://purl.imsglobal.org/spec/lti-dl/claim/";
const contextOf = (res: Response) => new URL(res.headers.get("location")!, TOOL).searchParams.get("c")!;
const due = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe("LTI Deep Linking", () => {
  let platform: LtiPlatformStandIn;
  let orgId: string;
  let roleplayId: string;
  let foreignRoleplayId: string;
  let platformRowId: string;

  beforeAll(async () => {
    platform = await startLtiPlatform({ toolOrigin: TOOL });
    const org = await createOrg({ name: "Riverside University" });
    const other = await createOrg({ name: "Other College" });
    orgId = org.id;
    platformRowId = (await registerStandIn(platform, org.id, { instructorsBecomeAdmins: true })).id;
    roleplayId = (await makeRoleplay(org.id, { isPublic: false })).id;
    foreignRoleplayId = (await makeRoleplay(other.id)).id;
    platform.addUser("teacher", { sub: "t-1", name: "Ivo Instructor", roles: [ROLES.instructor] });
    platform.addUser("learner", { sub: "l-1", name: "Lea Learner", roles: [ROLES.learner] });
  });
  afterAll(() => platform.close());

  const pick = (context: string, over: Record<string, unknown> = {}) =>
    deepLinkPickSchema.parse({ context, schema_id: roleplayId, due_at: due(), pass_mark: "75", ...over });

  it("an instructor's pick becomes an assignment for the course group, a course link, and a signed response", async () => {
    const res = await launch(platform, "teacher", platform.addMessage({ kind: "deep-link", data: "canvas-state-42" }));
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/lti\/deep-link\?c=/);
    const context = contextOf(res);

    const picker = await deepLinkPicker(context);
    expect(picker).toMatchObject({ course: "Sales 101", allowed: true });
    expect(picker.roleplays.map((r) => r.id)).toEqual([roleplayId]);

    const done = await completeDeepLink(pick(context), TOOL);
    expect(done.returnUrl).toBe(`${platform.url}/deep-link-return`);

    // The response verifies against the tool's published keys (what the LMS does).
    const { payload, protectedHeader } = await jwtVerify(done.jwt, createLocalJWKSet(await publicJwks()), {
      issuer: platform.state.clientId,
      audience: platform.issuer,
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      "https://purl.imsglobal.org/spec/lti/claim/message_type": "LtiDeepLinkingResponse",
      "https://purl.imsglobal.org/spec/lti/claim/version": "1.3.0",
      "https://purl.imsglobal.org/spec/lti/claim/deployment_id": platform.state.deploymentId,
      [`${DL}data`]: "canvas-state-42",
    });
    const [item] = payload[`${DL}content_items`] as Record<string, unknown>[];
    expect(item).toMatchObject({
      type: "ltiResourceLink",
      url: `${TOOL}/api/lti/launch`,
      custom: { parley_link: done.linkId },
      lineItem: { scoreMaximum: 100, label: "Matrix persona", resourceId: done.linkId },
    });

    const db = await getDb();
    const [course] = await db.select().from(ltiContexts).where(eq(ltiContexts.platform_id, platformRowId));
    const [assignment] = await db.select().from(assignments).where(eq(assignments.id, done.assignmentId));
    expect(assignment).toMatchObject({ organization_id: orgId, schema_id: roleplayId, pass_mark: 75 });
    const groups = await db.select().from(assignmentGroups).where(eq(assignmentGroups.assignment_id, assignment.id));
    expect(groups.map((g) => g.group_id)).toEqual([course.group_id]);
    const [link] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, done.linkId));
    expect(link).toMatchObject({
      context_id: course.id,
      roleplay_id: roleplayId,
      assignment_id: assignment.id,
      resource_link_id: null,
    });
    // The private roleplay is opened to the course's group.
    const shared = await db.select().from(roleplayGroups).where(eq(roleplayGroups.schema_id, roleplayId));
    expect(shared.map((s) => s.group_id)).toContain(course.group_id);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.target_id, assignment.id));
    expect(entry.action).toBe("lti.deep_link.created");

    // The picker's context works once.
    const before = await launchFootprint();
    await expect(completeDeepLink(pick(context), TOOL)).rejects.toThrow("already added");
    expect(await launchFootprint()).toEqual(before);

    // A learner's launch of the new link lands on its activity, with its due date and pass mark.
    const message = platform.addMessage({
      kind: "resource",
      resourceLinkId: "lms-made-id",
      custom: { parley_link: done.linkId },
    });
    const learnerLaunch = await launch(platform, "learner", message, "document");
    expect(learnerLaunch.headers.get("location")).toContain(encodeURIComponent(`/activity/${done.linkId}`));
    const [learnerLink] = await db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "l-1"));
    const activity = await courseActivity(learnerLink.user_id, done.linkId);
    expect(activity).toMatchObject({
      course: "Sales 101",
      roleplay: { id: roleplayId },
      assignment: { passMark: 75, attempts: 0, bestScore: null },
    });
    // Someone outside the organisation sees nothing of it.
    const stranger = await createUser();
    expect(await courseActivity(stranger.id, done.linkId)).toBeNull();
  });

  it("refuses a roleplay of another organisation, a tampered context, and a past due date, creating nothing", async () => {
    const res = await launch(platform, "teacher", platform.addMessage({ kind: "deep-link" }));
    const context = contextOf(res);
    const before = await launchFootprint();
    await expect(completeDeepLink(pick(context, { schema_id: foreignRoleplayId }), TOOL)).rejects.toThrow(
      "Schema not found",
    );
    await expect(completeDeepLink(pick(`${context.slice(0, -6)}AAAAAA`), TOOL)).rejects.toThrow("expired");
    expect(
      deepLinkPickSchema.safeParse({ context, schema_id: roleplayId, due_at: "2020-01-01T00:00:00Z" }).success,
    ).toBe(false);
    expect(await launchFootprint()).toEqual(before);
    // After those refusals the same context still works.
    await expect(completeDeepLink(pick(context), TOOL)).resolves.toMatchObject({
      returnUrl: `${platform.url}/deep-link-return`,
    });
  });

  it("an instructor whose organisation did not allow instructors as admins cannot add activities", async () => {
    const other = await startLtiPlatform({ toolOrigin: TOOL });
    try {
      const org = await createOrg({ name: "Members Only College" });
      await registerStandIn(other, org.id, { instructorsBecomeAdmins: false });
      const rp = await makeRoleplay(org.id);
      other.addUser("t", { sub: "t", name: "Tia", roles: [ROLES.instructor] });
      const res = await launch(other, "t", other.addMessage({ kind: "deep-link" }));
      expect(res.headers.get("location")).toContain("notice=instructor_not_admin");
      const context = contextOf(res);
      expect((await deepLinkPicker(context)).allowed).toBe(false);
      const before = await launchFootprint();
      await expect(completeDeepLink(pick(context, { schema_id: rp.id }), TOOL)).rejects.toThrow("Only admins");
      expect(await launchFootprint()).toEqual(before);
    } finally {
      await other.close();
    }
  });

  it("a deep-linking launch outside a course is refused, creating nothing", async () => {
    const { authorize, postForm } = await import("./lti-launch-helpers");
    const { POST } = await import("@/app/api/lti/launch/route");
    const { auth } = await authorize(platform, "teacher", platform.addMessage({ kind: "deep-link" }));
    const claims = platform.claims(
      { sub: "t-1", roles: [ROLES.instructor] },
      { kind: "deep-link" },
      auth.searchParams.get("nonce")!,
      {
        "https://purl.imsglobal.org/spec/lti/claim/context": undefined,
      },
    );
    const before = await launchFootprint();
    const res = await postForm(POST, "/api/lti/launch", {
      id_token: await platform.signIdToken(claims),
      state: auth.searchParams.get("state")!,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("needs a course");
    expect(await launchFootprint()).toEqual(before);
  });

  it("a developer deletes the organisation with its LMS registration, course links and assignments", async () => {
    const db = await getDb();
    expect(await db.select().from(ltiResourceLinks)).not.toEqual([]);
    const dev = await createUser({ isDev: true });
    const res = await call(deleteOrganization, {
      method: "DELETE",
      token: dev.token,
      body: { organization_id: orgId },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await db.select().from(organizations).where(eq(organizations.id, orgId))).toEqual([]);
    expect(await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, platformRowId))).toEqual([]);
  });
});
