import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "practice-parley";
export const demo = {
  dev: "dev@parley.local",
  admin: "admin@parley.local",
  memberA: "member.a@parley.local",
  memberB: "member.b@parley.local",
} as const;

/** Signs in through the API (cookie lands in the context) and stores token/user like the /auth page does. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post("/api/auth/signin", { data: { email, password } });
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

export const test = base;
export { expect };
