import { expect, signInAs, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";

// Issue 17.2: a server redirect to /auth?next=... because the session is gone clears token and
// user from local storage, and signing in returns to `next` when it is a
// path on this site.
test.describe("session ends on a protected page", () => {
  test("a revoked session sends /dashboard to /auth?next=..., clears local storage and returns after sign-in", async ({
    page,
    team,
  }) => {
    const { token } = await signInAs(page, team.memberB);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);

    // Revoke the session behind both the cookie and the stored token (e.g. signed out elsewhere).
    expect(
      (await page.request.post("/api/protected/signout", { headers: { authorization: `Bearer ${token}` } })).status(),
    ).toBe(200);
    await page.goto("/dashboard?tab=recent");
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%3Ftab%3Drecent$/);
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")]))
      .toEqual([null, null]);

    await new SignInPage(page).signIn(team.memberB.email, team.memberB.password);
    await expect(page).toHaveURL(/\/dashboard\?tab=recent$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
  });

  for (const next of [
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
  ]) {
    test(`sign-in ignores an off-site next (${next})`, async ({ page, team }) => {
      const signIn = new SignInPage(page);
      await signIn.goto(next);
      await signIn.signIn(team.memberB.email, team.memberB.password);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
    });
  }
});
