import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";

import { demoRoleplays } from "@/lib/demo/personas";

import { parseCsv } from "./csv";
import { E2E_DEVELOPER } from "./developer";

export type Account = { email: string; password: string; name: string };

/** What one Playwright worker's tests share: its own organisation, people and a graded conversation. */
export type Team = {
  organization: { id: string; name: string };
  dev: Account;
  /** Admin of the organisation, in Cohort A. */
  admin: Account;
  /** Members of Cohort A and Cohort B. */
  memberA: Account;
  memberB: Account;
  /** A member in no group whose name the dashboard greets (no API names a seeded account or groups a signed-up one). */
  maya: Account;
  /** memberA's ended and graded practice of the public discovery roleplay. */
  gradedConversationId: string;
};

export const TEAM_ORGANIZATION = "Riverside University Sales Lab";

async function ok<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

async function signIn(api: APIRequestContext, account: Pick<Account, "email" | "password">) {
  const { token, user } = await ok<{ token: string; user: { id: string } }>(
    await api.post("/api/auth/signin", { data: account }),
  );
  return { headers: { authorization: `Bearer ${token}` }, userId: user.id };
}

/**
 * Builds a worker's team through the real APIs, as a developer and an admin would: the operator's
 * developer seeds the organisation (the argon2 hashes are paid once per worker, not per test),
 * joins it as admin like the demo developer, and the admin publishes the demo's three roleplays.
 */
export async function createTeam(api: APIRequestContext, tag: string): Promise<Team> {
  const dev = await signIn(api, E2E_DEVELOPER);
  const seeded = await ok<{ organization: { id: string; name: string }; csv_data: string }>(
    await api.post("/api/dev/seed/organization", {
      headers: dev.headers,
      data: {
        org_name: TEAM_ORGANIZATION,
        description: `Playwright worker ${tag}`,
        groups: [
          { name: "Cohort A", description: "Monday seminar group", num_users: 1, num_admins: 1 },
          { name: "Cohort B", description: "Thursday seminar group", num_users: 1, num_admins: 0 },
        ],
        // The team's roleplays are the demo's three, as its tests expect; library.spec.ts covers the starter set.
        library_keys: [],
      },
    }),
    201,
  );
  const { organization } = seeded;
  const rows = parseCsv(seeded.csv_data).rows;
  const account = (group: string, role: string, name: string): Account => {
    const row = rows.find((r) => r.group === group && r.role === role)!;
    return { email: row.email, password: row.password, name };
  };
  const addUser = async (userId: string, role: "admin" | "member") =>
    ok(
      await api.post("/api/dev/organization/add_user", {
        headers: dev.headers,
        data: { user_id: userId, organization_id: organization.id, role },
      }),
    );
  await addUser(dev.userId, "admin");

  const maya = {
    email: `maya.${tag}.${Date.now()}@e2e.parley`,
    password: "maya-practises-discovery",
    name: "Maya Member",
  };
  await ok(await api.post("/api/auth/signup", { data: maya }), 201);
  await addUser((await signIn(api, maya)).userId, "member");

  const team = {
    organization,
    dev: E2E_DEVELOPER,
    admin: account("Cohort A", "admin", "Instructor 01"),
    memberA: account("Cohort A", "member", "Student 01"),
    memberB: account("Cohort B", "member", "Student 02"),
    maya,
  };
  const discoveryId = await publishDemoRoleplays(api, team.admin);
  return { ...team, gradedConversationId: await practiseAndGrade(api, team.memberA, discoveryId) };
}

/** The demo's roleplays, with the same groups; answers the public discovery roleplay's id. */
async function publishDemoRoleplays(api: APIRequestContext, admin: Account) {
  const { headers } = await signIn(api, admin);
  const groups = await ok<{ id: string; name: string }[]>(await api.get("/api/protected/roleplay/groups", { headers }));
  const ids: string[] = [];
  for (const s of demoRoleplays) {
    const created = await api.post("/api/protected/roleplay/create", {
      headers,
      data: {
        name: s.name,
        description: s.description,
        is_public: s.is_public,
        schema_data: { persona: s.persona },
        assigned_groups: groups.filter((g) => s.groups.includes(g.name)).map((g) => g.id),
      },
    });
    ids.push((await ok<{ id: string }>(created, 201)).id);
  }
  return ids[0];
}

/**
 * A short discovery call, ended; waits for the offline grader so tests find the score on arrival.
 * At least 40 learner words: fewer is "too little to grade", a state with no score.
 */
async function practiseAndGrade(api: APIRequestContext, learner: Account, roleplayId: string) {
  const { headers } = await signIn(api, learner);
  const room = await ok<{ conversation_id: string }>(
    await api.post("/api/protected/requestroom", { headers, data: { schema_id: roleplayId } }),
  );
  const id = room.conversation_id;
  for (const text of [
    "Could you walk me through how orders flow through your warehouses today?",
    "What happens when you miss the carrier cut-off in peak weeks?",
    "How do you find out about picking mistakes today?",
    "If you could ship 99% of orders same day, what would that mean for you?",
  ]) {
    await ok(await api.post(`/api/protected/conversations/${id}/messages`, { headers, data: { text } }));
  }
  await ok(await api.post(`/api/protected/conversations/${id}/end`, { headers }));
  await expect
    .poll(async () => (await (await api.get(`/api/protected/grades/${id}`, { headers })).json()).status, {
      timeout: 30_000,
      intervals: [200, 300, 500],
    })
    .toBe("graded");
  return id;
}

/** Removes the worker's organisation and the accounts that belonged only to it. */
export async function dismissTeam(api: APIRequestContext, team: Team) {
  const { headers } = await signIn(api, team.dev);
  await ok(
    await api.delete("/api/dev/organization/delete", { headers, data: { organization_id: team.organization.id } }),
  );
}
