import { addMember, createUser } from "../../helpers/factories";
import { type Case, devOnly, signedIn } from "./expect";
import type { World } from "./world";

/** A fresh account in organisation A for each caller, so one caller's deletion does not change the next one's answer. */
const freshInOrgA = async (w: World, role: "admin" | "member" = "member") => {
  const user = await createUser({ name: "Doomed Learner" });
  await addMember({ userId: user.id, orgId: w.orgA.id, role, groupIds: [w.orgA.groups[0].id] });
  return { params: { userId: user.id } };
};

// Organisation A's admin acts in A; B's admin in B (A's objects are a 404 to them); the developer of the world
// belongs to no organisation, so "your organisation" is a 404 for them.
const orgAdmins = signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 });
const everySignedIn = signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 });

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  { route: "GET /api/organization/retention", expect: orgAdmins },
  { route: "PUT /api/organization/retention", input: () => ({ body: { retention_days: 30 } }), expect: orgAdmins },
  { route: "GET /api/organization/audit", expect: orgAdmins },
  {
    route: "GET /api/organization/audit",
    variant: "filtered",
    input: () => ({ query: { action: "grade", page: "2" } }),
    expect: orgAdmins,
  },
  {
    route: "DELETE /api/organization/users/[userId]",
    input: (w) => freshInOrgA(w),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "DELETE /api/organization/users/[userId]",
    variant: "an admin of the organisation",
    input: (w) => freshInOrgA(w, "admin"),
    expect: signedIn({ member: 403, admin: 403, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "DELETE /api/organization/users/[userId]",
    variant: "themselves",
    input: (w, who) => ({
      params: { userId: who in w.users ? w.users[who as keyof World["users"]].id : w.users.member.id },
    }),
    expect: signedIn({ member: 403, admin: 400, otherAdmin: 400, developer: 404 }),
  },
  {
    route: "DELETE /api/dev/users/[userId]",
    input: async () => ({ params: { userId: (await createUser({ name: "Gone Entirely" })).id } }),
    expect: devOnly(200),
  },
  { route: "GET /api/protected/account/export", expect: everySignedIn },
  {
    route: "GET /api/protected/account/export",
    variant: "csv",
    input: () => ({ query: { format: "csv" } }),
    expect: everySignedIn,
  },
];
