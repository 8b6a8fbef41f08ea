import { getDb } from "@/db";
import { ltiContexts, ltiPlatforms } from "@/db/schema";

import { type Case, devOnly, everyone, signedIn } from "./expect";
import type { World } from "./world";

/** A course of organisation A from its LMS, without a roster service (a sync is then a quick "skipped"). */
async function courseOfA(w: World) {
  const db = await getDb();
  const suffix = crypto.randomUUID().slice(0, 8);
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      organization_id: w.orgA.id,
      issuer: `https://lms-${suffix}.example`,
      client_id: "matrix-services",
      auth_login_url: "https://lms.example/auth",
      auth_token_url: "https://lms.example/token",
      jwks_url: "https://lms.example/jwks",
    })
    .returning();
  const [context] = await db
    .insert(ltiContexts)
    .values({ platform_id: platform.id, context_id: `course-${suffix}`, title: "Matrix course" })
    .returning();
  return context.id;
}

// Admins of any organisation see their own courses and scores (an empty list for B); a developer outside
// every organisation has none to manage.
const adminsOfTheirOwn = (ok: number) => signedIn({ member: 403, admin: ok, otherAdmin: ok, developer: 404 });
// One course of organisation A: B's admin gets the same 404 as for a course that does not exist.
const adminsOfA = (ok: number) => signedIn({ member: 403, admin: ok, otherAdmin: 404, developer: 404 });

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  // The tool's public keys: every platform fetches them, signed in or not.
  { route: "GET /api/lti/jwks", expect: everyone(200) },
  // The keys are the tool's, not one organisation's: only a developer lists or rotates them.
  { route: "GET /api/dev/lti/keys", expect: devOnly(200) },
  { route: "POST /api/dev/lti/keys/rotate", expect: devOnly(200) },
  { route: "GET /api/organization/lti/courses", expect: adminsOfTheirOwn(200) },
  {
    route: "POST /api/organization/lti/courses/sync-roster",
    input: async (w) => ({ body: { course_id: await courseOfA(w) } }),
    expect: adminsOfA(200),
  },
  {
    route: "POST /api/organization/lti/courses/sync-roster",
    variant: "unknown course",
    input: () => ({ body: { course_id: crypto.randomUUID() } }),
    expect: signedIn({ member: 403, admin: 404, otherAdmin: 404, developer: 404 }),
  },
  { route: "GET /api/organization/lti/scores", expect: adminsOfTheirOwn(200) },
  { route: "POST /api/organization/lti/scores/retry", input: () => ({ body: {} }), expect: adminsOfTheirOwn(200) },
  {
    route: "POST /api/organization/lti/scores/retry",
    variant: "one course",
    input: async (w) => ({ body: { course_id: await courseOfA(w) } }),
    expect: adminsOfA(200),
  },
];
