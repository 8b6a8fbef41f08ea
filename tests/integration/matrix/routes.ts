import { type Case, devOnly, everyone, signedIn } from "./expect";
import { cases as coachingCases } from "./routes-coaching";
import { cases as dataCases } from "./routes-data";
import { cases as ltiCases } from "./routes-lti";
import { cases as ltiServicesCases } from "./routes-lti-services";
import { cases as modelCases } from "./routes-model";
import { cases as progressCases } from "./routes-progress";
import { cases as ssoCases } from "./routes-sso";
import { cases as uploadCases } from "./routes-upload";
import type { Caller, World } from "./world";
import { makeAssignment, makeConversation, makeJoinCode, makeRoleplay } from "./world";

const persona = {
  name: "Quinn",
  role: "CFO",
  situation: "Budget cuts",
  background: "Former auditor",
  pain_points: ["Spend"],
  goals: ["Save 10%"],
};
const roleplayBody = (w: World, who: Caller) => ({
  name: `Matrix ${who}`,
  description: "made by the access matrix",
  is_public: true,
  schema_data: { persona },
  assigned_groups: [],
});
const ownConversation = async (w: World, ended = false) => {
  const c = await makeConversation(w.users.member.id, w.orgA.id, w.publicRoleplay.id, { ended });
  return { params: { conversationId: c.id } };
};

export type { Case, Expect } from "./expect";

const coreCases: Case[] = [
  // --- public ---
  { route: "GET /api/health", expect: everyone(200) },
  {
    route: "POST /api/auth/signup",
    input: (_, who) => ({ body: { email: `new-${who}-${Math.random()}@m.test`, password: "long-enough-1" } }),
    expect: everyone(201),
  },
  {
    route: "POST /api/auth/signin",
    input: (w) => ({ body: { email: w.users.admin.email, password: "correct-horse-battery" } }),
    expect: everyone(200),
  },
  {
    route: "POST /api/public/waitlist",
    input: (_, who) => ({ body: { email: `${who}@wait.test`, name: null, interests: ["sales"], otherDetails: null } }),
    expect: everyone(200),
  },

  // --- any signed-in user, for themselves ---
  {
    route: "POST /api/protected/signout",
    freshToken: true,
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  {
    route: "GET /api/protected/dashboard",
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  {
    route: "GET /api/protected/roleplay/list",
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },
  {
    route: "GET /api/protected/roleplay/list",
    variant: "return_all",
    input: () => ({ query: { return_all: "true" } }),
    expect: devOnly(200),
  },
  {
    route: "GET /api/protected/roleplay/groups",
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 200, developer: 200 }),
  },

  // --- schemas of organisation A ---
  {
    route: "GET /api/protected/roleplay/select/[roleplayId]",
    input: (w) => ({ params: { roleplayId: w.publicRoleplay.id } }),
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "GET /api/protected/roleplay/select/[roleplayId]",
    variant: "private, other group",
    input: (w) => ({ params: { roleplayId: w.privateRoleplay.id } }),
    expect: signedIn({ member: 404, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "POST /api/protected/roleplay/create",
    input: (w, who) => ({ body: roleplayBody(w, who) }),
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 201, developer: 400 }),
  },
  {
    route: "PUT /api/protected/roleplay/edit/[roleplayId]",
    input: (w, who) => ({ params: { roleplayId: w.publicRoleplay.id }, body: roleplayBody(w, who) }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "DELETE /api/protected/roleplay/edit/[roleplayId]",
    input: async (w) => ({
      params: { roleplayId: (await makeRoleplay(w.orgA.id)).id },
      query: { soft_delete: "true" },
    }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "POST /api/protected/roleplay/autogenerate",
    input: () => ({
      body: {
        name: "Gen",
        description: "Gen",
        raw_text: "A CFO facing budget cuts",
        is_public: true,
        assigned_groups: [],
      },
    }),
    expect: signedIn({ member: 403, admin: 403, otherAdmin: 403, developer: 503 }),
  },

  // --- practice calls: only the learner's own conversation ---
  {
    route: "POST /api/protected/requestroom",
    input: (w) => ({ body: { schema_id: w.publicRoleplay.id } }),
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "GET /api/protected/conversations/[conversationId]",
    input: (w) => ownConversation(w),
    expect: signedIn({ member: 200, admin: 404, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "POST /api/protected/conversations/[conversationId]/messages",
    input: async (w) => ({ ...(await ownConversation(w)), body: { text: "What keeps you up at night?" } }),
    expect: signedIn({ member: 200, admin: 404, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "POST /api/protected/conversations/[conversationId]/end",
    input: (w) => ownConversation(w),
    expect: signedIn({ member: 200, admin: 404, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "POST /api/protected/conversations/[conversationId]/join",
    input: (w) => ownConversation(w),
    expect: signedIn({ member: 200, admin: 404, otherAdmin: 404, developer: 404 }),
  },

  // --- grades: owner, admins of the organisation, developers ---
  {
    route: "GET /api/protected/grades/[conversationId]",
    input: (w) => ({ params: { conversationId: w.graded.id } }),
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "POST /api/protected/grades/[conversationId]/retry",
    input: (w) => ({ params: { conversationId: w.graded.id } }),
    expect: signedIn({ member: 409, admin: 409, otherAdmin: 404, developer: 409 }),
  },

  // --- organisation management: admins and developers ---
  // Stats are for the caller's own organisation; this developer belongs to none (404, with a detail).
  {
    route: "GET /api/organization/stats-dashboard",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  // Scores are read within the caller's organisation; this developer belongs to none.
  {
    route: "GET /api/organization/users/[userId]/scores",
    input: (w) => ({ params: { userId: w.users.member.id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },

  // --- assignments, reviews, export (issue 14): admins of the caller's current organisation ---
  {
    route: "GET /api/organization/assignments",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  // Organisation A's roleplay: another organisation's admin cannot assign it (404, like a missing one).
  {
    route: "POST /api/organization/assignments",
    input: (w) => ({ body: { schema_id: w.publicRoleplay.id, due_at: "2030-01-01T17:00:00Z" } }),
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "PUT /api/organization/assignments/[id]",
    input: async (w) => ({ params: { id: await makeAssignment(w) }, body: { pass_mark: 80 } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "DELETE /api/organization/assignments/[id]",
    input: async (w) => ({ params: { id: await makeAssignment(w) } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  // The learner's own grade is not theirs to review: only an admin of the conversation's organisation.
  {
    route: "PUT /api/organization/grades/[conversationId]/review",
    input: (w) => ({ params: { conversationId: w.graded.id }, body: { score: 75, comment: "Good discovery" } }),
    expect: signedIn({ member: 404, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  {
    route: "GET /api/organization/export/grades.csv",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  {
    route: "GET /api/organization/export/grades.csv",
    variant: "organisation A's group",
    input: (w) => ({ query: { group_id: w.orgA.groups[0].id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  // --- the starter library (issue 23): admins of the caller's current organisation, or of the one named ---
  {
    route: "GET /api/organization/library",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  {
    route: "GET /api/organization/library",
    variant: "organisation A named",
    input: (w) => ({ query: { organization_id: w.orgA.id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 200 }),
  },
  {
    route: "POST /api/organization/library",
    input: () => ({ body: { key: "pitch-supermarket-buyer" } }),
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 201, developer: 404 }),
  },
  // Organisation A named: another organisation's admin cannot add to it (404, like a missing one).
  {
    route: "POST /api/organization/library",
    variant: "organisation A named",
    input: (w) => ({ body: { key: "pitch-supermarket-buyer", organization_id: w.orgA.id } }),
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 404, developer: 201 }),
  },
  {
    route: "GET /api/organization/users/[userId]/conversations",
    input: (w) => ({ params: { userId: w.users.member.id } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  // --- join codes (issue 23): admins of the caller's current organisation make and revoke them ---
  {
    route: "GET /api/organization/join-codes",
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 200, developer: 404 }),
  },
  {
    route: "POST /api/organization/join-codes",
    input: () => ({ body: { max_uses: 5 } }),
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 201, developer: 404 }),
  },
  // Organisation A's group: another organisation's admin cannot make a code for it.
  {
    route: "POST /api/organization/join-codes",
    variant: "organisation A's group",
    input: (w) => ({ body: { group_id: w.orgA.groups[0].id } }),
    expect: signedIn({ member: 403, admin: 201, otherAdmin: 422, developer: 404 }),
  },
  {
    route: "POST /api/organization/join-codes/[id]/revoke",
    input: async (w) => ({ params: { id: await makeJoinCode(w) } }),
    expect: signedIn({ member: 403, admin: 200, otherAdmin: 404, developer: 404 }),
  },
  // Any signed-in account may try a code; everyone here but the developer already has an organisation.
  {
    route: "POST /api/protected/join-organization",
    input: () => ({ body: { code: "RCC-2222-3333" } }),
    expect: signedIn({ member: 409, admin: 409, otherAdmin: 409, developer: 404 }),
  },
  // The switcher: only an organisation the caller belongs to.
  {
    route: "PUT /api/protected/active-organization",
    input: (w) => ({ body: { organization_id: w.orgA.id } }),
    expect: signedIn({ member: 200, admin: 200, otherAdmin: 404, developer: 404 }),
  },

  // --- developer console ---
  { route: "GET /api/dev/organizations", expect: devOnly(200) },
  {
    route: "GET /api/dev/organization/[id]/users",
    input: (w) => ({ params: { id: w.orgA.id } }),
    expect: devOnly(200),
  },
  {
    route: "POST /api/dev/seed/organization",
    input: (_, who) => ({ body: { org_name: `Seeded by ${who}`, description: "", num_users: 1, num_admins: 0 } }),
    expect: devOnly(201),
  },
  {
    route: "POST /api/dev/organization/add_user",
    // A fresh account, so the rows after this one still see the developer outside every organisation.
    input: async (w) => {
      const { createUser } = await import("../../helpers/factories");
      return { body: { user_id: (await createUser()).id, organization_id: w.orgB.id, role: "admin" } };
    },
    expect: devOnly(200),
  },
  {
    route: "DELETE /api/dev/organization/delete",
    input: async () => {
      const { createOrg } = await import("../../helpers/factories");
      return { body: { organization_id: (await createOrg({ name: "Doomed" })).id } };
    },
    expect: devOnly(200),
  },

  // --- the /api catch-all: every path no route claims, including the old Auth.js endpoints ---
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((m): Case => ({
    route: `${m} /api/[...path]`,
    input: () => ({ params: { path: "no/such/route" } }),
    expect: everyone(404),
  })),
  {
    route: "POST /api/[...path]",
    variant: "Auth.js credentials callback with the right password",
    input: (w) => ({
      params: { path: "nextauth/callback/credentials" },
      body: { email: w.users.admin.email, password: "correct-horse-battery", csrfToken: "x" },
    }),
    expect: everyone(404),
  },
  {
    route: "GET /api/[...path]",
    variant: "Auth.js session endpoint",
    input: () => ({ params: { path: "nextauth/session" } }),
    expect: everyone(404),
  },

  // --- machine callers: user tokens are never enough ---
  { route: "GET /api/agent/conversations/[conversationId]", input: (w) => ownConversation(w), expect: everyone(401) },
  {
    route: "POST /api/agent/conversations/[conversationId]/turns",
    input: async (w) => ({ ...(await ownConversation(w)), body: { speaker: "learner", text: "hi" } }),
    expect: everyone(401),
  },
  {
    route: "POST /api/agent/conversations/[conversationId]/end",
    input: (w) => ownConversation(w),
    expect: everyone(401),
  },
  {
    route: "POST /api/livekit/webhook",
    input: () => ({ body: { event: "room_finished", room: { name: "parley-x" } } }),
    expect: everyone(401),
  },
];

/** The core routes, then each feature's own file (so parallel work on features never edits one list). */
export const cases: Case[] = [
  ...coreCases,
  ...ltiCases,
  ...ltiServicesCases,
  ...ssoCases,
  ...modelCases,
  ...dataCases,
  ...uploadCases,
  ...coachingCases,
  ...progressCases,
];

/** Every route file is covered above: nothing is excluded (the old Auth.js catch-all is gone). */
export const excluded = new Set<string>();
