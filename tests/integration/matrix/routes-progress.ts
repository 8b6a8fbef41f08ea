import { getDb } from "@/db";
import { memberships } from "@/db/schema";

import { type Case, signedIn } from "./expect";
import type { Caller, World } from "./world";

/**
 * The developer as an admin of organisation B, as the core cases leave them (POST add_user), so these
 * rows hold whatever ran before: a developer sees only the organisation they belong to.
 */
async function asDeveloperOfB(w: World, who: Caller) {
  if (who !== "developer") return;
  await (
    await getDb()
  )
    .insert(memberships)
    .values({ user_id: w.users.developer.id, organization_id: w.orgB.id, role: "admin" })
    .onConflictDoNothing();
}

/** Access cases for progress by skill (issue 25, part 4); see routes.ts for the core ones and expect.ts for the helpers. */
export const cases: Case[] = [
  // Everyone signed in sees their own.
  {
    route: "GET /api/protected/progress",
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  // One member of organisation A: an admin of organisation B (and the developer, who is one) gets the
  // 404 of an unknown user; a member is not an admin (403).
  {
    route: "GET /api/organization/progress",
    variant: "user_id",
    input: async (w, who) => {
      await asDeveloperOfB(w, who);
      return { query: { user_id: w.users.member.id } };
    },
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  // The cohort of the caller's own organisation.
  {
    route: "GET /api/organization/progress",
    input: async (w, who) => {
      await asDeveloperOfB(w, who);
      return {};
    },
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  // A group of organisation A.
  {
    route: "GET /api/organization/progress",
    variant: "group_id",
    input: async (w, who) => {
      await asDeveloperOfB(w, who);
      return { query: { group_id: w.orgA.groups[0].id } };
    },
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
];
