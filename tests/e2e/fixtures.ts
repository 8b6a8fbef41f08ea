import { expect, type Page, test as base } from "@playwright/test";

import { type Account, createTeam, dismissTeam, type Team } from "./team";

export const DEMO_PASSWORD = "practice-parley";
/** The seeded demo organisation's logins (SEED_DEMO_DATA): only for tests about the demo itself. */
export const demo = {
  dev: "dev@parley.local",
  admin: "admin@parley.local",
  memberA: "member.a@parley.local",
  memberB: "member.b@parley.local",
} as const;

type Credentials = Pick<Account, "email" | "password">;

/** Signs in through the API (cookie lands in the context) and stores token/user like the /auth page does. */
export async function signInAs(page: Page, who: Credentials | string, password = DEMO_PASSWORD) {
  const credentials = typeof who === "string" ? { email: who, password } : { email: who.email, password: who.password };
  const res = await page.request.post("/api/auth/signin", { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  const { token, user } = await res.json();
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", t);
        localStorage.setItem("user", u);
      }
    },
    [token, JSON.stringify(user)] as const,
  );
  return { token: token as string, user: user as { id: string; name: string; isDev: boolean } };
}

/** Creates a fresh account through the sign-up API. */
export async function signUp(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}${Math.floor(Math.random() * 1e4)}@e2e.parley`;
  const password = "e2e-password-123";
  const res = await page.request.post("/api/auth/signup", { data: { email, password, name } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

/**
 * `team`: this worker's own organisation and accounts, made once per worker through the APIs
 * (see team.ts) and removed when the worker ends. Tests sign in with `signInAs(page, team.memberA)`.
 */
export const test = base.extend<object, { team: Team }>({
  team: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const team = await createTeam(api, `w${workerInfo.workerIndex}`);
      await use(team);
      await dismissTeam(api, team);
      await api.dispose();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

export { expect };
export type { Account, Team };
