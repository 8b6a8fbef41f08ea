import { type Browser, expect, type Page } from "@playwright/test";

import { demo, signInAs, test } from "./fixtures";
import { DevConsolePage } from "./pages/dev-console-page";
import { OrganizationPage } from "./pages/organization-page";
import { SignInPage } from "./pages/sign-in-page";
import { unique } from "./pilot";

const persona = {
  name: "Riley Chen",
  role: "Procurement lead",
  situation: "Reviewing vendors for next quarter",
  background: "Ten years in purchasing",
  pain_points: ["Slow approvals"],
  goals: ["Cut costs"],
};

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe("organisation management", () => {
  test("a seeded admin sees both groups, a user's stats and edits a schema; the developer then deletes the pilot", async ({
    browser,
    baseURL,
    team,
  }) => {
    const devPage = await newPage(browser, baseURL);
    await signInAs(devPage, team.dev);
    const devConsole = new DevConsolePage(devPage);
    const orgName = unique("Pilot Org");
    const { rows } = await devConsole.seed(orgName, [
      { name: "Tuesday Cohort", users: 2, admins: 1 },
      { name: "Friday Cohort", users: 1, admins: 0 },
    ]);
    const adminRow = rows.find((r) => r.role === "admin")!;

    // The pilot admin signs in on /auth with a row of the CSV.
    const page = await newPage(browser, baseURL);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(adminRow.email, adminRow.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    const organization = new OrganizationPage(page);
    await organization.goto();
    await expect(organization.heading(orgName)).toBeVisible();
    const tuesday = organization.group("Tuesday Cohort");
    const friday = organization.group("Friday Cohort");
    // A header and the two learners: the seeded admin is no learner (issue 23).
    await expect(tuesday.getByRole("row")).toHaveCount(3);
    await expect(friday.getByRole("row")).toHaveCount(2);
    await expect(friday.getByRole("cell", { name: "Inactive" })).toBeVisible();
    // A pilot seeded from the console starts with the starter library's recommended roleplays, for every group.
    await expect(page.getByRole("row", { name: /Discovery call: physiotherapy clinic group/ })).toContainText(
      "All Groups",
    );
    await expect(page.getByRole("link", { name: "Edit Selected" })).toBeVisible();

    await friday.getByRole("button", { name: /View Stats/ }).click();
    await expect(organization.statsHeading("Student 03")).toBeVisible();
    await expect(page.getByText("No graded conversations yet.")).toBeVisible();
    await organization.backToOverview.click();
    await expect(organization.heading(orgName)).toBeVisible();

    // A schema for the Friday cohort, made through the roleplay API as this admin.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const groupsRes = await page.request.get("/api/protected/roleplay/groups", {
      headers: { authorization: `Bearer ${token}` },
    });
    const groups = (await groupsRes.json()) as { id: string; name: string }[];
    const friDay = groups.find((g) => g.name === "Friday Cohort")!;
    const created = await page.request.post("/api/protected/roleplay/create", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: "Vendor review call",
        description: "Practice",
        is_public: false,
        assigned_groups: [friDay.id],
        schema_data: { persona },
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.reload();
    const roleplayRow = page.getByRole("row", { name: /Vendor review call/ });
    await expect(roleplayRow).toContainText("Friday Cohort");
    await expect(roleplayRow).toContainText("Active");
    await expect(page.getByRole("radio", { name: "Vendor review call" })).toBeChecked();
    await page.screenshot({ path: "/tmp/shots/e/organization-pilot-1280.png", fullPage: true });
    await page.getByRole("link", { name: "Edit Selected" }).click();
    await expect(page).toHaveURL(/\/workspace\/edit\/[0-9a-f-]{36}$/);

    // The developer deletes the pilot with Confirm; its accounts can no longer sign in.
    await devConsole.deleteOrganization(orgName);
    await expect(devConsole.organization(orgName)).toHaveCount(0);
    const signin = await devPage.request.post("/api/auth/signin", {
      data: { email: adminRow.email, password: adminRow.password },
    });
    expect(signin.status()).toBe(401);
  });

  // Demo data: it names Maya Member in Cohort A, and no API names a seeded account or puts a signed-up one in a group.
  test("the demo admin sees scores over time for a member with a graded conversation", async ({ page }) => {
    await signInAs(page, demo.admin);
    const organization = new OrganizationPage(page);
    await organization.goto();
    await expect(organization.heading("Riverside University Sales Lab")).toBeVisible();
    const cohortA = organization.group("Cohort A");
    await cohortA.getByRole("row", { name: /Maya Member/ }).click();
    await expect(organization.statsHeading("Maya Member")).toBeVisible();
    await expect(page.getByText(/graded conversation.*Latest score \d+/)).toBeVisible();
    await expect(page.getByTestId("score-chart").locator("canvas")).toBeVisible();
    await page.screenshot({ path: "/tmp/shots/e/organization-detail-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "/tmp/shots/e/organization-detail-390.png", fullPage: true });
    await organization.backToOverview.click();
    await page.screenshot({ path: "/tmp/shots/e/organization-390.png", fullPage: true });
  });

  test("a member gets a not-allowed screen with a way back", async ({ page, team }) => {
    await signInAs(page, team.memberA);
    await new OrganizationPage(page).goto();
    await expect(page.getByText(/Only organization admins can open this page/)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/shots/e/organization-not-allowed-390.png" });
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
