import "server-only";

import { issueSession } from "@/lib/auth/service";
import { sessionCookie } from "@/lib/auth/tokens";
import { env } from "@/lib/env";

import { sealDeepLinkContext } from "./deep-linking";
import { continueUrl, createHandoff } from "./handoff";
import { seeOther } from "./http";
import { provisionLaunch } from "./launch";
import { syncRosterInBackground } from "./nrps";
import { launchForm, verifyLaunch } from "./verify";

/**
 * A verified launch signs the user in (the session cookie is set for a top-level launch) and goes on to:
 * - deep linking: the picker, which works inside the LMS's frame without any cookie;
 * - a launch in a new window (Sec-Fetch-Dest: document): straight through the launch page to its target;
 * - a framed launch (or a browser that does not say): the launch page with a one-time code for a new tab.
 */
export async function launchResponse(params: Record<string, string>, fetchDest: string | null): Promise<Response> {
  const launch = await verifyLaunch(launchForm.parse(params));
  const landed = await provisionLaunch(launch);
  // An instructor's launch brings the course's roster up to date (after the launch committed; never waited on).
  if (landed.role === "instructor" && landed.courseId) syncRosterInBackground(landed.courseId);
  const session = await issueSession(landed.user.id, landed.user.name, landed.user.email);
  const cookie = sessionCookie(session.token, session.maxAge, env().COOKIE_SECURE);

  if (landed.deepLink) {
    const context = await sealDeepLinkContext(launch, landed);
    const query = new URLSearchParams({ c: context });
    if (landed.notices.length) query.set("notice", landed.notices.join(","));
    return seeOther(`/lti/deep-link?${query}`, [cookie]);
  }
  const handoff = fetchDest === "document" ? undefined : await createHandoff(landed.user.id, landed.target);
  return seeOther(continueUrl({ to: landed.target, notices: landed.notices, handoff }), [cookie]);
}
