import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";

test.describe("sign-in", () => {
  test("sign up, sign in, see the greeting, sign out to the landing page", async ({ page }) => {
    const email = `ada.${Date.now()}@e2e.parley`;
    await page.goto("/auth");
    await expect(page.getByText(/sign in with the credentials your instructor gave you/i)).toBeVisible();
    await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("target", "_blank");

    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Name (optional)").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("analytical-engine");
    await page.getByRole("button", { name: "Sign Up" }).click();

    // back in sign-in mode with cleared fields
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Name (optional)")).toHaveCount(0);

    await new SignInPage(page).signIn(email.toUpperCase(), "analytical-engine");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/Ada Lovelace/).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user")))!)).toMatchObject({
      name: "Ada Lovelace",
    });

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // the session is revoked: the dashboard is closed again
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("a wrong password shows the alert and stays on /auth", async ({ page, team }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(team.admin.email, "not-the-password");
    // (Next.js keeps an empty route announcer with role=alert on every page.)
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  for (const path of [
    "/dashboard",
    "/organization",
    "/development",
    "/workspace",
    "/workspace/create",
    "/grade/x",
    "/call",
  ]) {
    test(`${path} redirects a visitor to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth(\?|$)/);
      await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    });
  }
});
