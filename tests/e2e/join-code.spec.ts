import type { Locator, Page } from "@playwright/test";

import { expect, signInAs, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { TEAM_ORGANIZATION } from "./team";

const SHOTS = "test-results/shots-e";

/** The whole page at desktop and phone widths, and the part under test on its own. */
async function shoot(page: Page, name: string, part?: Locator) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    if (part) await part.screenshot({ path: `${SHOTS}/${name}-part-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a self-signed-up learner joins with a code an admin made and lands in the organisation with its roleplays", async ({
  browser,
  team,
}) => {
  // A guard against a hang, not a speed check: 66 s alone on a 2-core machine, past 120 s beside the other worker.
  test.setTimeout(240_000);
  // The admin makes a code for Cohort B on the organisation page and sees it in full, once.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, team.admin);
  await admin.goto("/organization");
  const panel = admin.getByRole("region", { name: "Join codes" });
  await shoot(admin, "organization-join-codes-empty", panel);
  await panel.getByRole("button", { name: "New join code" }).click();
  await panel.getByLabel("Group").selectOption({ label: "Cohort B" });
  await panel.getByLabel("Maximum uses (optional)").fill("0");
  await panel.getByRole("button", { name: "Create code" }).click();
  await expect(panel.getByText("Maximum uses must be a whole number from 1 to 10000")).toBeVisible();
  await expect(panel.getByLabel("Group")).toHaveValue(/.+/); // a refused form keeps the chosen group
  await shoot(admin, "organization-join-code-form-error", panel);
  await panel.getByLabel("Maximum uses (optional)").fill("30");
  await panel.getByRole("button", { name: "Create code" }).click();
  const shown = panel.getByTestId("new-join-code");
  await expect(shown).toHaveText(/^RUS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  const code = (await shown.textContent())!;
  await expect(panel.getByText("it is shown only this once")).toBeVisible();
  const row = panel.getByTestId("join-code-row").filter({ hasText: code.slice(-4) });
  await expect(row).toContainText("Cohort B");
  await expect(row).toContainText("0 of 30 uses");
  await expect(row).toContainText("Active");
  await shoot(admin, "organization-join-codes", panel);

  // A new account: sign up, back to sign-in mode (the spec's flow), sign in, then the next step.
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `joiner.${Date.now()}@e2e.parley`;
  await page.goto("/auth");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name (optional)").fill("Jo Joiner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("joins-with-a-code");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(/join code/i)).toBeVisible();
  await new SignInPage(page).signIn(email, "joins-with-a-code");
  await expect(page).toHaveURL(/\/dashboard$/);

  const join = page.getByRole("region", { name: "Join your organization" });
  await expect(join).toBeVisible();
  await expect(page.getByText("No Organization")).toBeVisible();
  await expect(join.getByText("No code? Ask your instructor for one, or write to")).toBeVisible();
  await expect(join.getByRole("link", { name: "support@parley.example" })).toHaveAttribute(
    "href",
    /^mailto:support@parley\.example/,
  );
  await expect(page.getByRole("link", { name: "Enter a join code" })).toHaveAttribute("href", "#join-organization");
  await shoot(page, "dashboard-no-organization", join);

  // A wrong code: one clear answer, nothing joined; then the right one, typed loosely.
  await join.getByLabel("Join code").fill("RUS-2222-3333");
  await join.getByRole("button", { name: "Join" }).click();
  await expect(join.getByText(/That code did not work/)).toBeVisible();
  await expect(join.getByLabel("Join code")).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "dashboard-join-code-refused", join);
  await join.getByLabel("Join code").fill(code.toLowerCase().replaceAll("-", " "));
  await join.getByRole("button", { name: "Join" }).click();

  await expect(page.getByText(TEAM_ORGANIZATION).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Join your organization" })).toHaveCount(0);
  await expect(page.getByText("No Organization")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /Discovery call: logistics operations lead/ })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Graduate interview: product analyst/ })).toBeVisible(); // Cohort B's
  await expect(page.getByRole("radio", { name: /Renewal at risk/ })).toHaveCount(0); // Cohort A's
  await shoot(page, "dashboard-after-joining");

  // The admin sees the use counted and the learner in Cohort B.
  await admin.reload();
  await expect(row).toContainText("1 of 30 uses");
  await expect(admin.getByRole("table", { name: "Cohort B" })).toContainText("Jo Joiner");

  // Revoked: the list says so and the code stops working for the next person.
  admin.once("dialog", (d) => d.accept());
  await row.getByRole("button", { name: /Revoke the code ending/ }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await shoot(admin, "organization-join-codes-revoked", panel);
  await adminContext.close();
  await context.close();
});
