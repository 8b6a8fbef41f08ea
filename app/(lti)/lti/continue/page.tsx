import type { Metadata } from "next";
import { cookies } from "next/headers";

import { LaunchContinue } from "@/components/lti/launch-continue";
import { noticeTexts } from "@/components/lti/notices";
import { resolveSession } from "@/lib/auth/service";
import { SESSION_COOKIE } from "@/lib/auth/tokens";
import { safeNextPath } from "@/lib/safe-next";

export const metadata: Metadata = { title: "Opening Parley" };
export const dynamic = "force-dynamic";

/**
 * Where an LMS launch lands. Top-level (the LMS opened a new window, or the new tab of a framed launch) the
 * session cookie is here: the token goes to local storage as the sign-in form does, then on to the activity.
 * Inside the LMS's frame there is no usable cookie: the page offers a new tab with the one-time code.
 */
export default async function LaunchContinuePage({
  searchParams,
}: {
  searchParams: Promise<{ to?: string; notice?: string }>;
}) {
  const query = await searchParams;
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const resolved = token ? await resolveSession(token) : null;
  return (
    <LaunchContinue
      to={safeNextPath(query.to) ?? "/dashboard"}
      notices={noticeTexts(query.notice)}
      session={resolved && token ? { token, user: resolved.user } : null}
    />
  );
}
