import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";

import { GET as getJwks } from "@/app/api/lti/jwks/route";
import { getDb } from "@/db";
import {
  assignments,
  grades,
  groupMembers,
  groups,
  ltiContexts,
  ltiPlatforms,
  ltiResourceLinks,
  ltiUserLinks,
  memberships,
} from "@/db/schema";

import { makeConversation, makeRoleplay } from "../integration/matrix/world";
import { addMember, createOrg, createUser } from "./factories";
import { createPlatformServices, type PlatformServicesOptions } from "./lti-platform/services";

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Our JWKS route served over HTTP, so the platform fetches the tool's keys as a real LMS does. */
export async function startToolJwks() {
  const server = createServer(async (req, res) => {
    const answer = await getJwks(new NextRequest(`http://127.0.0.1${req.url}`), { params: Promise.resolve({}) });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
  });
  const url = await listen(server);
  return { url: `${url}/api/lti/jwks`, close: () => new Promise((r) => server.close(r)) };
}

/** The platform's AGS/NRPS services on a server of their own (the full stand-in mounts the same handler). */
export async function startPlatformServices(options: PlatformServicesOptions = {}) {
  const services = createPlatformServices(options);
  const server = createServer(async (req, res) => {
    if (!(await services.handle(req, res))) res.writeHead(404).end();
  });
  const url = await listen(server);
  return {
    ...services,
    url,
    close: () => {
      services.releaseHeld();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/**
 * An organisation with an LMS registered, one course (its group, line items and roster URLs), one course link
 * to a roleplay (with an assignment unless told otherwise) and a learner who came from the LMS.
 */
export async function makeCourse(
  platformUrl: string,
  opts: {
    clientId?: string;
    withAssignment?: boolean;
    counts?: "best" | "latest";
    maxAttempts?: number;
    lineItemUrl?: string | null;
    contextId?: string;
  } = {},
) {
  const db = await getDb();
  const org = await createOrg({ name: "LMS College", groups: [] });
  const clientId = opts.clientId ?? `client-${crypto.randomUUID().slice(0, 8)}`;
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      organization_id: org.id,
      name: "Stand-in LMS",
      issuer: `${platformUrl}/${clientId}`,
      client_id: clientId,
      auth_login_url: `${platformUrl}/auth`,
      auth_token_url: `${platformUrl}/token`,
      jwks_url: `${platformUrl}/jwks`,
    })
    .returning();
  const contextId = opts.contextId ?? `course-${crypto.randomUUID().slice(0, 6)}`;
  const [courseGroup] = await db
    .insert(groups)
    .values({ organization_id: org.id, name: "Sales 101", description: "course" })
    .returning();
  const [context] = await db
    .insert(ltiContexts)
    .values({
      platform_id: platform.id,
      context_id: contextId,
      title: "Sales 101",
      group_id: courseGroup.id,
      nrps_url: `${platformUrl}/contexts/${contextId}/memberships`,
      lineitems_url: `${platformUrl}/contexts/${contextId}/lineitems`,
    })
    .returning();
  const roleplay = await makeRoleplay(org.id);
  const assignment =
    opts.withAssignment === false
      ? null
      : (
          await db
            .insert(assignments)
            .values({
              organization_id: org.id,
              schema_id: roleplay.id,
              due_at: new Date(Date.now() + 7 * 86_400_000),
              pass_mark: 60,
              counts: opts.counts ?? "best",
              max_attempts: opts.maxAttempts ?? null,
              created_at: new Date(Date.now() - 3_600_000),
            })
            .returning()
        )[0];
  const [link] = await db
    .insert(ltiResourceLinks)
    .values({
      context_id: context.id,
      resource_link_id: `rl-${crypto.randomUUID().slice(0, 6)}`,
      roleplay_id: roleplay.id,
      assignment_id: assignment?.id ?? null,
      line_item_url: opts.lineItemUrl ?? null,
    })
    .returning();
  const admin = await createUser({ name: "Ivy Instructor" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });

  const addLearner = async (sub = `sub-${crypto.randomUUID().slice(0, 8)}`) => {
    const learner = await createUser({ name: "Lee Learner" });
    await db.insert(memberships).values({ user_id: learner.id, organization_id: org.id, role: "member" });
    await db.insert(groupMembers).values({ group_id: courseGroup.id, user_id: learner.id });
    await db.insert(ltiUserLinks).values({ platform_id: platform.id, sub, user_id: learner.id });
    return { ...learner, sub };
  };
  const learner = await addLearner();
  /** An ended call of the learner at the course's roleplay, graded with `score` (no grade: pending). */
  const call = async (score?: number, who = learner) => {
    const c = await makeConversation(who.id, org.id, roleplay.id, { ended: true, graded: score !== undefined });
    if (score !== undefined) {
      await db.update(grades).set({ score }).where(eq(grades.conversation_id, c.id));
    }
    return c;
  };
  return {
    org,
    platform,
    clientId,
    context,
    contextId,
    group: courseGroup,
    roleplay,
    assignment,
    link,
    admin,
    learner,
    addLearner,
    call,
  };
}
