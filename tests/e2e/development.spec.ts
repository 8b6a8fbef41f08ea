import { demo, expect, signInAs, test } from "./fixtures";
import { DevConsolePage } from "./pages/dev-console-page";
import { unique } from "./pilot";

test.describe("developer console", () => {
  test("seeds an organisation with two groups and downloads its logins as CSV", async ({ page, team }) => {
    await signInAs(page, team.dev);
    const devConsole = new DevConsolePage(page);
    await devConsole.goto();
    await expect(page.getByRole("heading", { name: "Development Tools" })).toBeVisible();

    // Validation, and the rules for seeding by groups.
    await devConsole.seedButton.click();
    await expect(page.getByText("Organization name is required")).toBeVisible();
    await page.getByLabel("Group mode").check();
    const first = page.getByRole("group", { name: "Group 1" });
    await expect(first.getByLabel("Group Name")).toHaveValue("Default Group");
    await expect(first.getByLabel("Group Description")).toHaveValue("Main user group");
    await expect(page.getByRole("button", { name: "Remove group 1" })).toBeDisabled();
    await page.getByRole("button", { name: "Add Group" }).click();
    const second = page.getByRole("group", { name: "Group 2" });
    await expect(second.getByLabel("Group Name")).toHaveValue("Group 2");
    await expect(second.getByLabel(/^Users/)).toHaveValue("1");
    await expect(second.getByLabel(/^Admins/)).toHaveValue("0");
    await second.getByLabel(/^Users/).fill("250");
    await second.getByLabel(/^Admins/).click();
    await expect(second.getByLabel(/^Users/)).toHaveValue("100");
    await page.getByRole("button", { name: "Remove group 2" }).click();
    await expect(page.getByRole("group", { name: "Group 2" })).toHaveCount(0);

    const orgName = unique("Seed Lab");
    const seeded = await devConsole.seed(orgName, [
      { name: "Cohort North", users: 2, admins: 1 },
      { name: "Cohort South", users: 1, admins: 0 },
    ]);
    expect(seeded.filename).toBe(`${orgName.replace(/[^a-zA-Z0-9]/g, "_")}_users.csv`);
    expect(seeded.header).toEqual(["group", "role", "email", "password", "name"]);
    expect(seeded.rows.map((r) => `${r.group}/${r.role}`)).toEqual([
      "Cohort North/admin",
      "Cohort North/member",
      "Cohort North/member",
      "Cohort South/member",
    ]);

    // The new organisation is selected and its users are listed with role badges.
    await expect(devConsole.organization(orgName, { pressed: true })).toBeVisible();
    const users = devConsole.users;
    await expect(users.getByRole("listitem")).toHaveCount(4);
    await expect(users.getByText("member", { exact: true })).toHaveCount(3);
    await expect(page.getByRole("button", { name: /Create/ }).first()).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add User (coming soon)" })).toBeDisabled();
    await page.screenshot({ path: "/tmp/shots/e/development-1280.png", fullPage: true });
  });

  // The demo developer: the assertion names "Devon Developer", and the operator's developer cannot be renamed.
  test("joins an organisation as admin, then deletes it with Confirm", async ({ page }) => {
    const { token } = await signInAs(page, demo.dev);
    const orgName = unique("Doomed Lab");
    const res = await page.request.post("/api/dev/seed/organization", {
      headers: { authorization: `Bearer ${token}` },
      data: { org_name: orgName, num_users: 1, num_admins: 0 },
    });
    expect(res.status()).toBe(201);

    const devConsole = new DevConsolePage(page);
    await devConsole.goto();
    await devConsole.organization(orgName).click();
    const users = devConsole.users;
    await expect(users.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Join as admin" }).click();
    await expect(page.getByText(`User added to ${orgName} as admin`)).toBeVisible();
    await expect(users.getByRole("listitem")).toHaveCount(2);
    await expect(users.getByRole("listitem").filter({ hasText: "Devon Developer" })).toContainText("admin");

    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(/This cannot be undone/)).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText(/This cannot be undone/)).toHaveCount(0);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.screenshot({ path: "/tmp/shots/e/development-confirm-1280.png" });
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(devConsole.organization(orgName)).toHaveCount(0);
    // The first remaining organisation is selected.
    await expect(page.getByRole("list", { name: "Organizations" }).getByRole("button").first()).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("a member gets a not-allowed screen", async ({ page, team }) => {
    await signInAs(page, team.memberA);
    await new DevConsolePage(page).goto();
    await expect(page.getByText("Only developers can open the development tools.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("at 390 px wide the console stacks into one column", async ({ page, team }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { token } = await signInAs(page, team.dev);
    // Long generated logins are the widest content on the page.
    const orgName = unique("A rather long pilot organisation name");
    const res = await page.request.post("/api/dev/seed/organization", {
      headers: { authorization: `Bearer ${token}` },
      data: { org_name: orgName, groups: [{ name: "An equally long cohort name", num_users: 1, num_admins: 0 }] },
    });
    expect(res.status()).toBe(201);
    const devConsole = new DevConsolePage(page);
    await devConsole.goto();
    await expect(devConsole.organization(orgName, { pressed: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "All Roleplays" })).toBeVisible();
    await expect(devConsole.users).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "/tmp/shots/e/development-390.png", fullPage: true });
  });
});
