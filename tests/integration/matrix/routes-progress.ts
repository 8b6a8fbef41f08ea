import { type Case, signedIn } from "./expect";

/** Access cases for progress by skill (issue 25, part 4); see routes.ts for the core ones and expect.ts for the helpers. */
export const cases: Case[] = [
  // Everyone signed in sees their own.
  {
    route: "GET /api/protected/progress",
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  // One member of organisation A: another organisation's admin gets the 404 of an unknown user; this
  // developer belongs to no organisation (404, with a detail); a member is not an admin (403).
  {
    route: "GET /api/organization/progress",
    variant: "user_id",
    input: (w) => ({ query: { user_id: w.users.member.id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  // The cohort of the caller's own organisation.
  {
    route: "GET /api/organization/progress",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  // A group of organisation A.
  {
    route: "GET /api/organization/progress",
    variant: "group_id",
    input: (w) => ({ query: { group_id: w.orgA.groups[0].id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
];
